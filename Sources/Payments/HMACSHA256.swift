import CardFormSupport
import CSodium

/// HMAC-SHA256 (RFC 2104) computed by libsodium, keyed once and applied to many messages.
///
/// Keys of any length are accepted through libsodium's streaming interface
/// (`crypto_auth_hmacsha256_init`), because configured secrets are text of any length; the one-shot
/// `crypto_auth_hmacsha256` and `_verify` only take 32-byte keys. Verification compares with
/// `crypto_verify_32`, the constant-time comparison `_verify` itself uses.
struct HMACSHA256: Sendable {
    /// Bytes in an authentication code.
    static let byteCount = Int(crypto_auth_hmacsha256_BYTES)

    private let key: [UInt8]

    /// A keyed MAC; `key` is used as given (a text secret's UTF-8 bytes).
    init(key: some Collection<UInt8>) {
        Sodium.ensureInitialized()
        self.key = Array(key)
    }

    /// A keyed MAC whose key is the UTF-8 of `secret`.
    init(secret: String) {
        self.init(key: Array(secret.utf8))
    }

    /// The 32-byte code of the concatenation of `parts` (no separator added).
    func code(_ parts: [UInt8]...) -> [UInt8] {
        code(of: parts)
    }

    /// The code of `parts` as 64 lower-case hex digits.
    func hexCode(_ parts: [UInt8]...) -> String {
        Hex.encode(code(of: parts))
    }

    /// Whether `candidate` is the code of `parts`, compared in constant time.
    func isValid(_ candidate: [UInt8], for parts: [UInt8]...) -> Bool {
        guard candidate.count == Self.byteCount else { return false }
        let expected = code(of: parts)
        return crypto_verify_32(candidate, expected) == 0
    }

    private func code(of parts: [[UInt8]]) -> [UInt8] {
        var state = crypto_auth_hmacsha256_state()
        var output = [UInt8](repeating: 0, count: Self.byteCount)
        _ = crypto_auth_hmacsha256_init(&state, key, key.count)
        for part in parts { _ = crypto_auth_hmacsha256_update(&state, part, UInt64(part.count)) }
        _ = crypto_auth_hmacsha256_final(&state, &output)
        // The state holds key-derived pads: wipe it rather than leave it on the stack.
        sodium_memzero(&state, MemoryLayout<crypto_auth_hmacsha256_state>.size)
        return output
    }
}
