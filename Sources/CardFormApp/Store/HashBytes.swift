/// A page's block hashes in `ByteWriter`'s layout (LEB128 counts and lengths, UTF-8 keys, hashes
/// as 8 little-endian bytes), the three lists of `SealedRecordFormat+Binary` at once. The record
/// holds a few dozen hashes and a keystroke writes them all, so they are sized first and then
/// written through a pointer into one array: no per-byte capacity check, no call to another module.
/// `ByteReader` reads them back like anything `ByteWriter` wrote.
enum HashBytes {
    /// The three lists (own, value-free, inner) of `blocks`.
    static func lists(_ blocks: [String: HeldBlock]) -> [UInt8] {
        var counts = (0, 0, 0)
        var size = 0
        for (key, block) in blocks {
            let entry = length(of: UInt64(key.utf8.count)) + key.utf8.count + 8
            counts.0 += 1
            size += entry
            if block.valueFree != nil { counts.1 += 1; size += entry }
            if block.inner != nil { counts.2 += 1; size += entry }
        }
        size += length(of: UInt64(counts.0)) + length(of: UInt64(counts.1)) + length(of: UInt64(counts.2))
        return [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var at = list(blocks, count: counts.0, into: buffer, at: 0) { $0.own }
            at = list(blocks, count: counts.1, into: buffer, at: at) { $0.valueFree }
            at = list(blocks, count: counts.2, into: buffer, at: at) { $0.inner }
            precondition(at == size, "page hashes sized \(size) bytes, written \(at)")
            initialized = at
        }
    }

    /// One kind: how many blocks have one, then each such block's key and hash; answers where
    /// the next byte goes.
    @inline(__always)
    private static func list(
        _ blocks: [String: HeldBlock], count: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int,
        _ kind: (HeldBlock) -> UInt64?
    ) -> Int {
        // A pointer's subscript is not bounds-checked in a release build: a sizing that ever
        // disagreed with this writing must trap here, before a byte lands past the buffer.
        precondition(length(of: UInt64(count)) <= buffer.count - start, "page hashes sized smaller than written")
        var at = unsigned(UInt64(count), into: buffer, at: start)
        for (key, block) in blocks {
            guard let hash = kind(block) else { continue }
            let entry = length(of: UInt64(key.utf8.count)) + key.utf8.count + 8
            precondition(entry <= buffer.count - at, "page hashes sized smaller than written")
            at = unsigned(UInt64(key.utf8.count), into: buffer, at: at)
            at = copy(key, into: buffer, at: at)
            for shift in stride(from: UInt64(0), to: 64, by: 8) {
                buffer[at] = UInt8(truncatingIfNeeded: hash >> shift)
                at += 1
            }
        }
        return at
    }

    /// The key's UTF-8 bytes, copied at once when the string holds them contiguously (a native
    /// one does), else byte by byte; answers where the next byte goes.
    private static func copy(_ key: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        let copied = key.utf8.withContiguousStorageIfAvailable { bytes in
            UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[start..<(start + bytes.count)]).copyMemory(from: UnsafeRawBufferPointer(bytes))
            return start + bytes.count
        }
        if let copied { return copied }
        var at = start
        for byte in key.utf8 {
            buffer[at] = byte
            at += 1
        }
        return at
    }

    /// How many bytes `unsigned` takes for `value`.
    private static func length(of value: UInt64) -> Int {
        max(1, (64 - value.leadingZeroBitCount + 6) / 7)
    }

    /// 7 bits a byte, low bits first, as `ByteWriter.unsigned`; answers where the next byte goes.
    private static func unsigned(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var rest = value
        var at = start
        while rest >= 0x80 {
            buffer[at] = UInt8(truncatingIfNeeded: rest) | 0x80
            rest >>= 7
            at += 1
        }
        buffer[at] = UInt8(rest)
        return at + 1
    }
}
