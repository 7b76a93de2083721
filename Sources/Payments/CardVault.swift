import CSodium
import CardEngine
import CardFormSupport
import Foundation
import Synchronization

/// Server-side storage of the card behind a payment: the number and security code live here, in
/// buffers this vault allocates and wipes with `sodium_memzero`, and everything downstream holds an
/// opaque `VaultToken` and a `PaymentMethodSummary` (network, BIN, last four, expiry) instead.
///
/// Only a processor reads the card back (`withCard`), and only for the duration of a closure. An
/// entry is wiped when its payment ends (`discard`) or its session ends (`discardAll(sessionId:)`).
/// The engine's own copy of the number (its field values, Swift strings the language cannot wipe)
/// is outside this type's reach; the vault's job is that nothing *after* submit holds the card.
final class CardVault: Sendable {
    /// What a wiped buffer held afterwards, read back for tests that show the wipe happened.
    struct Wipe: Sendable, Hashable {
        var token: VaultToken
        var bytesAfterWipe: [UInt8]
    }

    /// Entries held at most; past it `store` refuses (each is a live payment).
    let capacity: Int
    private let entries = Mutex<[VaultToken: VaultEntry]>([:])
    private let onWipe: (@Sendable (Wipe) -> Void)?

    /// A vault of at most `capacity` cards. `onWipe`, for tests, is called after each wipe with a
    /// copy of the wiped buffer (all zero bytes, or the wipe failed).
    init(capacity: Int = 10_000, onWipe: (@Sendable (Wipe) -> Void)? = nil) {
        Sodium.ensureInitialized()
        self.capacity = capacity
        self.onWipe = onWipe
    }

    deinit {
        for token in entries.withLock({ Array($0.keys) }) { discard(token) }
    }

    /// Cards currently held.
    var count: Int { entries.withLock { $0.count } }

    /// The sessions whose cards are held.
    var sessionIds: Set<String> { entries.withLock { Set($0.values.map(\.sessionId)) } }

    /// Keeps the draft's card; nil when the vault is full.
    func store(_ draft: PaymentRequestDraft) -> VaultToken? {
        let token = VaultToken(rawValue: "tok_" + RandomToken.make128())
        let entry = VaultEntry(draft: draft)
        let stored = entries.withLock { table -> Bool in
            guard table.count < capacity else { return false }
            table[token] = entry
            return true
        }
        if !stored { entry.wipe() }
        return stored ? token : nil
    }

    /// Runs `body` with the card behind `token` (nil when there is none, e.g. already discarded).
    /// The card's buffers are valid only inside `body`; the vault's lock is held meanwhile, so keep
    /// it short (compare, or copy into a request body).
    func withCard<T>(_ token: VaultToken, _ body: (VaultedCard) -> T) -> T? {
        entries.withLock { table in
            guard let entry = table[token] else { return nil }
            return body(entry.card)
        }
    }

    /// Wipes and forgets the card behind `token` (nothing if there is none).
    func discard(_ token: VaultToken) {
        guard let entry = entries.withLock({ $0.removeValue(forKey: token) }) else { return }
        finish(entry, token: token)
    }

    /// Wipes every card stored for `sessionId`: the session expired or was removed.
    func discardAll(sessionId: String) {
        let removed = entries.withLock { table -> [(VaultToken, VaultEntry)] in
            let tokens = table.filter { $0.value.sessionId == sessionId }.map(\.key)
            return tokens.map { ($0, table.removeValue(forKey: $0)!) }
        }
        for (token, entry) in removed { finish(entry, token: token) }
    }

    private func finish(_ entry: VaultEntry, token: VaultToken) {
        entry.wipe()
        if let onWipe { onWipe(Wipe(token: token, bytesAfterWipe: entry.snapshot())) }
        entry.deallocate()
    }
}

/// The opaque reference to a vaulted card (`tok_` and 26 random characters).
struct VaultToken: Hashable, Sendable, CustomStringConvertible {
    var rawValue: String

    var description: String { rawValue }
}

/// A vaulted card as a processor sees it inside `CardVault.withCard`: the secret digits as raw
/// ASCII bytes that must not escape the closure, and the rest as values.
struct VaultedCard {
    /// The card number's ASCII digits.
    var number: UnsafeRawBufferPointer
    /// The security code's ASCII digits (empty where the network has none).
    var cvv: UnsafeRawBufferPointer
    var network: CardNetwork
    var expiryMonth: Int
    var expiryYear: Int

    /// Whether the number is exactly `digits`.
    func numberIs(_ digits: String) -> Bool {
        number.elementsEqual(digits.utf8)
    }

    /// Copies of the number and code as strings, for a request body to a processor (the one
    /// recipient allowed to see them). The copies cannot be wiped: make them only to send.
    func copyNumberAndCVV() -> (number: String, cvv: String) {
        (String(decoding: number, as: UTF8.self), String(decoding: cvv, as: UTF8.self))
    }
}

/// One vaulted card: a buffer this type allocates, holding the number then the code.
///
/// `@unchecked Sendable` because it wraps raw memory (a handle, like a C pointer): it only ever
/// lives inside the vault's `Mutex` or, once removed, on the one thread that wipes and frees it.
private struct VaultEntry: @unchecked Sendable {
    let sessionId: String
    let buffer: UnsafeMutableRawBufferPointer
    let numberLength: Int
    let network: CardNetwork
    let expiryMonth: Int
    let expiryYear: Int

    init(draft: PaymentRequestDraft) {
        // Copied straight from the strings' UTF-8 views: no intermediate array to leave behind.
        let number = draft.cardNumber.utf8.prefix(19)
        let cvv = draft.cvv.utf8.prefix(4)
        sessionId = draft.sessionId
        numberLength = number.count
        buffer = .allocate(byteCount: max(1, number.count + cvv.count), alignment: 1)
        UnsafeMutableRawBufferPointer(rebasing: buffer[..<numberLength]).copyBytes(from: number)
        UnsafeMutableRawBufferPointer(rebasing: buffer[numberLength...]).copyBytes(from: cvv)
        network = draft.network
        expiryMonth = draft.expiryMonth
        expiryYear = draft.expiryYear
    }

    var card: VaultedCard {
        let bytes = UnsafeRawBufferPointer(buffer)
        return VaultedCard(
            number: UnsafeRawBufferPointer(rebasing: bytes[..<numberLength]),
            cvv: UnsafeRawBufferPointer(rebasing: bytes[numberLength...]),
            network: network, expiryMonth: expiryMonth, expiryYear: expiryYear)
    }

    func wipe() {
        if let base = buffer.baseAddress { sodium_memzero(base, buffer.count) }
    }

    func snapshot() -> [UInt8] { Array(buffer) }

    func deallocate() { buffer.deallocate() }
}
