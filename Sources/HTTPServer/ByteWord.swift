/// Eight bytes read as one little-endian word, and the usual tests on all eight at once: a scan
/// over a head's values or a request target then takes a step per word, not per byte.
enum ByteWord {
    /// 0x01 in every byte. Computed, not stored: a stored static is read through a `swift_once`.
    static var ones: UInt64 { 0x0101_0101_0101_0101 }
    /// 0x80 in every byte.
    static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The high bit of each byte of `word` below `limit` (at most 0x80) set, and maybe of bytes
    /// after one: nonzero exactly when some byte is below it, and the lowest bit set is exact (a
    /// borrow only ever marks a byte above one that truly is below).
    @inline(__always)
    static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// As `below`, for the bytes equal to `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        below(word ^ (ones &* UInt64(byte)), 1)
    }
}
