/// Eight bytes read as one little-endian word, and the usual tests on all eight at once: a scan
/// over a head's values or a request target then takes a step per word, not per byte.
enum ByteWord {
    /// 0x01 in every byte. Computed, not stored: a stored static is read through a `swift_once`.
    static var ones: UInt64 { 0x0101_0101_0101_0101 }
    /// 0x80 in every byte.
    static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes of `bytes` from `offset`, the first in the lowest bits whatever the
    /// machine's byte order: `trailingZeroBitCount / 8` of a mark is then its byte's index, and a
    /// borrow runs towards later bytes (a no-op on the little-endian machines we build for).
    @inline(__always)
    static func load(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The high bit of each byte of `word` below `limit` (at most 0x80) set, and maybe of bytes
    /// after one: nonzero exactly when some byte is below it, and the lowest bit set is exact (a
    /// borrow only ever marks a byte above one that truly is below). Above 0x80 the bytes from
    /// 0x80 up would go unmarked (`~word` clears their high bit).
    @inline(__always)
    static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        assert(limit <= 0x80, "ByteWord.below marks no byte at or above 0x80")
        return (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// As `below`, for the bytes equal to `byte`.
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        below(word ^ (ones &* UInt64(byte)), 1)
    }
}
