/// Unguessable identifiers: session ids, form tokens, page ids.
public enum RandomToken {
    /// 128 random bits from the system CSPRNG (`getrandom(2)` behind `SystemRandomNumberGenerator`),
    /// as 26 lower-case base32 characters: safe in URLs, paths, headers and HTML attributes.
    public static func make128() -> String {
        var generator = SystemRandomNumberGenerator()
        return encode(high: generator.next(), low: generator.next())
    }

    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    private static func encode(high: UInt64, low: UInt64) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(26)
        // 128 bits in 5-bit groups: 25 full groups and 3 bits left.
        var bits = (high, low)
        for _ in 0..<26 {
            let index = Int(bits.0 >> 59)
            bytes.append(alphabet[index])
            bits = ((bits.0 << 5) | (bits.1 >> 59), bits.1 << 5)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `text` has the shape `make128()` produces (checked before any lookup).
    public static func isWellFormed(_ text: Substring) -> Bool {
        // Read through a span borrowed where the bytes lie: the generic `Slice` path of
        // `utf8.withContiguousStorageIfAvailable` cost ~600 instructions a call (every page event
        // checks two tokens), and `withUTF8` on a local copy a retain and a release.
        text.utf8Span.span.withUnsafeBufferPointer { isWellFormed($0) }
    }

    /// `isWellFormed` on the text's bytes, eight at a time (every page event checks two ids:
    /// byte by byte that cost ~300 instructions each).
    public static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 26 else { return false }
        let raw = UnsafeRawBufferPointer(bytes)
        return allTokenBytes(raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            && allTokenBytes(raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            && allTokenBytes(raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
            && isTokenByte(bytes[24]) && isTokenByte(bytes[25])
    }

    /// Whether each of the eight bytes of `word` is a token byte. For bytes below 0x80, adding
    /// `0x80 - low` sets a byte's top bit exactly when it is at least `low`, and adding
    /// `0x7F - high` exactly when it is above `high`; no sum carries into the next byte.
    private static func allTokenBytes(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops = ones &* 0x80
        guard word & tops == 0 else { return false }
        func within(_ low: UInt64, _ high: UInt64) -> UInt64 {
            (word &+ ones &* (0x80 - low)) & ~(word &+ ones &* (0x7F - high)) & tops
        }
        return within(0x61, 0x7A) | within(0x32, 0x37) == tops
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        (byte &- UInt8(ascii: "a")) < 26 || (byte &- UInt8(ascii: "2")) < 6
    }

    /// Compares two secrets in time independent of where they first differ.
    public static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        // Read in place when both are contiguous UTF-8 (native strings always are).
        let inPlace = lhs.utf8.withContiguousStorageIfAvailable { a in
            rhs.utf8.withContiguousStorageIfAvailable { b in constantTimeEquals(a, b) }
        }
        if let inPlace, let verdict = inPlace { return verdict }
        let a = Array(lhs.utf8), b = Array(rhs.utf8)
        return a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in constantTimeEquals(a, b) } }
    }

    private static func constantTimeEquals(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
