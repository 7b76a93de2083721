import CardEngine
import Mustache

/// What the session and the page decide of the parts of the data a `LeafMemo` leaf reads: the
/// pay button, the live region, `formState`, the co-badge choice, the save-card box, the phase,
/// the payment's outcome.
///
/// Each part's data is built from its facts, the language's pack and the resources, and from
/// nothing else (`data(_:pack:icons:)` takes no session, on purpose; the whole form builds
/// its parts the same way), so equal facts in one language give equal data: a key of facts tells
/// two leaves apart whenever a key of their data would, without building the data to look it up.
///
/// A part the leaf does not read stays nil (false), and which parts a leaf reads follows from its
/// template, which the key holds too; a part the leaf reads that the data leaves out (no co-badge
/// choice, no customer, no payment yet) is nil as well.
struct LeafFacts: Hashable, Sendable {
    /// The parts with facts of their own: their names are the data's top-level keys.
    enum Part: String, CaseIterable, Sendable {
        case state, submit, errors, cardNetwork, saveCard, phase, result, noscript, isLoading
    }

    /// `formState`'s data.
    struct State: Hashable, Sendable {
        /// Card and billing fields all valid.
        var valid: Bool
        var phase: SessionPhase.Name
        var networks: [CardNetwork]
        var network: CardNetwork?
        var payment: String?
        /// The fields whose value is complete and valid and that show no error, in the form's order.
        var passed: [FieldType]
        /// The shown errors, in the form's order.
        var failed: [FieldError]

        /// Whether `formState` reads the same of both: every fact, the errors by field and code.
        func sameFacts(as other: State) -> Bool {
            guard valid == other.valid, phase == other.phase, network == other.network, networks == other.networks,
                  payment == other.payment, passed == other.passed, failed.count == other.failed.count
            else { return false }
            for index in failed.indices
            where failed[index].field != other.failed[index].field || failed[index].issue.code != other.failed[index].issue.code {
                return false
            }
            return true
        }
    }

    /// The pay button's data.
    struct Submit: Hashable, Sendable {
        var disabled: Bool
        var loading: Bool
        /// The configured amount, minor units.
        var amount: Int?
        /// The shown network's surcharge, minor units, when it has one.
        var surcharge: Int?
        var currency: String?
        /// The session's locale, which formats the amounts (finer than the pack's language).
        var locale: String
    }

    /// The live region's data.
    struct Errors: Hashable, Sendable {
        var announcement: String
        /// Without JavaScript: every shown error's field and message, in order; else empty.
        var summary: [Message]

        struct Message: Hashable, Sendable {
            var field: FieldType
            var message: String
        }
    }

    /// The co-badge choice's data: the networks offered and the one shown.
    struct NetworkChoice: Hashable, Sendable {
        var networks: [CardNetwork]
        var selected: CardNetwork?
    }

    var state: State?
    var submit: Submit?
    var errors: Errors?
    /// Nil: no choice to offer.
    var cardNetwork: NetworkChoice?
    /// Whether the save-card box is disabled; nil: no box (no customer).
    var saveCard: Bool?
    var phase: SessionPhase.Name?
    var result: PaymentResult?
    var noscript = false
    var isLoading = false
    /// The rest of what the leaf reads (top-level keys with no facts of their own), as data.
    var rest: TemplateObject?

    /// Equal when every fact a leaf's data is built from is equal (`LeafFacts+Data`), compared
    /// cheapest first and in place, because a memo hit compares its key on every keystroke (a
    /// derived `==` would copy each optional part out and compare every error's whole issue). An
    /// error counts by its field and code, all `stateData` reads of it (the message comes from
    /// the live region's own facts). A new stored fact needs its line here
    /// (`LeafFactsEqualityTests` counts them).
    static func == (lhs: LeafFacts, rhs: LeafFacts) -> Bool {
        guard lhs.noscript == rhs.noscript, lhs.isLoading == rhs.isLoading, lhs.saveCard == rhs.saveCard, lhs.phase == rhs.phase
        else { return false }
        guard both(lhs.state, rhs.state, equal: { $0.sameFacts(as: $1) }), both(lhs.submit, rhs.submit, equal: ==),
              both(lhs.errors, rhs.errors, equal: ==), both(lhs.cardNetwork, rhs.cardNetwork, equal: ==)
        else { return false }
        // In place too: `Optional`'s `==` copied a `PaymentResult` out of each side (its strings
        // retained and released) on every lookup, though nearly every key holds none.
        return both(lhs.result, rhs.result, equal: ==) && both(lhs.rest, rhs.rest, equal: ==)
    }

    /// Both nil, or both there and `equal`: unwrapped in place rather than copied out as
    /// `Optional`'s own `==` does.
    @inline(__always)
    private static func both<Part>(_ left: Part?, _ right: Part?, equal: (Part, Part) -> Bool) -> Bool {
        guard let left else { return right == nil }
        guard let right else { return false }
        return equal(left, right)
    }

    /// Hashes what tells most leaves apart (validity, which fields pass or fail, the network, the
    /// amounts, the announcement) cheaply: fields as bits, not the lists' names; equal facts still
    /// hash alike, and the few that share a hash are told apart by `==`.
    ///
    /// Whatever takes a value of its own per session must be hashed too, or every session's key
    /// files under one hash and a lookup compares them all (`BoundedMemo`): the payment id, which
    /// a declined session keeps while its shopper edits the billing address (nil, and cheap,
    /// otherwise).
    func hash(into hasher: inout Hasher) {
        // The flags, the field sets, the count and both networks go in as one word, the amounts
        // and the rest's size as another, and the strings only when there: a `combine` each (an
        // optional's is two) cost more than the rest of the hash (fields by their fixed place,
        // `FieldType.position` < 16).
        var flags: UInt64 = 0
        var sizes = 0
        if let state {
            var passed: UInt64 = 0
            for field in state.passed { passed |= 1 << UInt64(field.position) }
            var failed: UInt64 = 0
            for error in state.failed { failed |= 1 << UInt64(error.field.position) }
            flags = 1 | (state.valid ? 2 : 0) | passed << 2 | failed << 18 | UInt64(min(state.networks.count, 255)) << 34
            flags |= Self.bits(state.network) << 48
            if let payment = state.payment { hasher.combine(payment) }
        }
        if let submit {
            flags |= 1 << 42 | (submit.disabled ? 1 << 43 : 0) | (submit.loading ? 1 << 44 : 0)
            sizes = (submit.amount ?? -1) &* 1_000_003 &+ (submit.surcharge ?? -1)
        }
        if let saveCard { flags |= saveCard ? 1 << 45 : 1 << 46 }
        if isLoading { flags |= 1 << 47 }
        if let cardNetwork { flags |= Self.bits(cardNetwork.selected) << 56 }
        hasher.combine(flags)
        hasher.combine(sizes &* 31 &+ (rest?.count ?? -1))
        if let announcement = errors?.announcement, !announcement.isEmpty { hasher.combine(announcement) }
        if let id = result?.id { hasher.combine(id) }
    }

    /// A network, or none, as its one byte: equal values, equal bytes (a case without payload is
    /// stored as its number), without hashing it on its own. A case with a payload would break
    /// that; `LeafFactsEqualityTests` pins the one-byte layout, so such a case fails it first.
    private static func bits(_ network: CardNetwork?) -> UInt64 {
        withUnsafeBytes(of: network) { UInt64($0[0]) }
    }
}
