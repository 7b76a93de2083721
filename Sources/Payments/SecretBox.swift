import CardFormSupport
import CSodium

/// Authenticated encryption of card data at rest: libsodium's XChaCha20-Poly1305 (IETF AEAD) under
/// one 32-byte key (`store.key`), with a random 24-byte nonce per message (long enough that random
/// nonces never repeat in practice) and associated data binding each message to its owner (the
/// session id): a sealed value copied onto another session's record does not open.
///
/// A sealed message is `0x01` (format version) ‖ nonce ‖ ciphertext ‖ 16-byte tag. Anything
/// altered, truncated, sealed under another key or for other associated data fails to open with
/// `forged`; nothing is ever returned unauthenticated.
public struct SecretBox: Sendable {
    /// Bytes in a key (64 hex characters).
    public static let keyByteCount = Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES)
    /// Bytes a sealed message has beyond its plaintext: version, nonce, tag.
    public static let overhead = 1 + nonceByteCount + tagByteCount

    static let nonceByteCount = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    static let tagByteCount = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
    static let formatVersion: UInt8 = 1

    private let key: KeyStorage

    /// A box under `key`, which must be exactly 32 bytes.
    public init(key: some Collection<UInt8>) throws(SecretBoxError) {
        guard key.count == Self.keyByteCount else {
            throw SecretBoxError(.invalidKey, "the key must be \(Self.keyByteCount) bytes, not \(key.count)")
        }
        Sodium.ensureInitialized()
        self.key = KeyStorage(key)
    }

    /// A box under the key written as 64 hex characters (either case), as `store.key` holds it.
    public init(hexKey: String) throws(SecretBoxError) {
        guard hexKey.utf8.count == Self.keyByteCount * 2, var bytes = Hex.decode(hexKey) else {
            throw SecretBoxError(.invalidKey, "the key must be \(Self.keyByteCount * 2) hex characters (0-9, a-f)")
        }
        defer { sodium_memzero(&bytes, bytes.count) }
        try self.init(key: bytes)
    }

    /// `plaintext` encrypted and authenticated together with `associatedData` (not encrypted,
    /// not included: the opener must supply the same bytes).
    public func seal(_ plaintext: [UInt8], associatedData: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: plaintext.count + Self.overhead) { output, initialized in
            associatedData.withUnsafeBytes { seal(plaintext, associatedData: $0, into: UnsafeMutableRawBufferPointer(output)) }
            initialized = output.count
        }
    }

    /// `seal` with the UTF-8 bytes of `associatedData`, the message appended to `output`: a
    /// caller that sends it on (a Redis frame) gets it where it goes, with no copy on the way.
    public func seal(_ plaintext: [UInt8], associatedData: String, appendingTo output: inout [UInt8]) {
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: plaintext.count + Self.overhead))
        var associatedData = associatedData
        associatedData.withUTF8 { data in
            output.withUnsafeMutableBytes { seal(plaintext, associatedData: UnsafeRawBufferPointer(data), into: UnsafeMutableRawBufferPointer(rebasing: $0[start...])) }
        }
    }

    /// Writes the sealed message into `output`, exactly `plaintext.count + overhead` bytes.
    private func seal(_ plaintext: [UInt8], associatedData: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count == plaintext.count + Self.overhead, "a sealed message's room is its plaintext and the overhead")
        let bytes = output.bindMemory(to: UInt8.self)
        bytes[0] = Self.formatVersion
        let nonce = bytes.baseAddress! + 1
        randombytes_buf(nonce, Self.nonceByteCount)
        var written: UInt64 = 0
        _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
            nonce + Self.nonceByteCount, &written, plaintext, UInt64(plaintext.count),
            associatedData.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(associatedData.count), nil, nonce, key.bytes)
    }

    /// The plaintext of a message `seal` made under this key for the same `associatedData`.
    public func open(_ sealed: [UInt8], associatedData: [UInt8]) throws(SecretBoxError) -> [UInt8] {
        guard sealed.count >= Self.overhead else { throw SecretBoxError(.forged, "too short to be a sealed message") }
        guard sealed[0] == Self.formatVersion else { throw SecretBoxError(.unknownFormat, "format version \(sealed[0]) is not known") }
        var plaintext = [UInt8](repeating: 0, count: sealed.count - Self.overhead)
        var written: UInt64 = 0
        let status = sealed.withUnsafeBufferPointer { input in
            let nonce = input.baseAddress! + 1
            let ciphertext = nonce + Self.nonceByteCount
            return crypto_aead_xchacha20poly1305_ietf_decrypt(
                &plaintext, &written, nil, ciphertext, UInt64(input.count - 1 - Self.nonceByteCount),
                associatedData, UInt64(associatedData.count), nonce, key.bytes)
        }
        guard status == 0 else { throw SecretBoxError(.forged, "the message was altered, or sealed under another key or for another owner") }
        return plaintext
    }
}

/// Why a key was refused or a sealed message did not open. Its message never contains key
/// material or plaintext.
public typealias SecretBoxError = CodedError<SecretBoxFailure>

/// The codes of `SecretBoxError`.
public enum SecretBoxFailure: String, ErrorCode {
    /// Not 32 bytes, or not 64 hex characters.
    case invalidKey = "invalid-key"
    /// A version byte this build does not read.
    case unknownFormat = "unknown-format"
    /// Authentication failed: altered, truncated, another key, other associated data.
    case forged
}

/// The key in memory libsodium allocated (`sodium_malloc`: guard pages, kept out of swap where the
/// system allows, read-only after the copy), wiped and freed with the last box holding it.
///
/// `@unchecked Sendable` because it wraps a raw C allocation: written once in `init`, made
/// read-only, then only read.
private final class KeyStorage: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>

    init(_ key: some Collection<UInt8>) {
        guard let memory = sodium_malloc(key.count) else { fatalError("libsodium could not allocate \(key.count) bytes") }
        bytes = memory.bindMemory(to: UInt8.self, capacity: key.count)
        _ = UnsafeMutableBufferPointer(start: bytes, count: key.count).initialize(from: key)
        _ = sodium_mprotect_readonly(memory)
    }

    deinit { sodium_free(bytes) }
}
