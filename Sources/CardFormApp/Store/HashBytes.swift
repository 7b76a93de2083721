/// A page's block hashes in `ByteWriter`'s layout (LEB128 counts and lengths, UTF-8 keys, hashes
/// as 8 little-endian bytes), written straight into an array in this module so the compiler
/// inlines every step: the sealed record (`SealedRecordFormat+Binary`) holds a few dozen of them
/// and a keystroke writes them all. `ByteReader` reads them back like any other.
enum HashBytes {
    /// One kind of the blocks' hashes: how many blocks have one, then each such block's key and hash.
    static func list(_ blocks: [String: HeldBlock], into bytes: inout [UInt8], _ hash: (HeldBlock) -> UInt64?) {
        var count = 0
        for block in blocks.values where hash(block) != nil { count += 1 }
        unsigned(UInt64(count), into: &bytes)
        for (key, block) in blocks {
            guard let value = hash(block) else { continue }
            unsigned(UInt64(key.utf8.count), into: &bytes)
            bytes.append(contentsOf: key.utf8)
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
    }

    /// 7 bits a byte, low bits first, as `ByteWriter.unsigned`.
    static func unsigned(_ value: UInt64, into bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}
