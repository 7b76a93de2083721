/// Finding the bytes HTML escaping rewrites (`& < > " '`) eight at a time: most values (card
/// numbers, names, labels) hold none, and asking byte by byte cost ~10 instructions a byte on
/// every value a keystroke fills in or echoes.
enum EscapableBytes {
    /// Whether any byte of `bytes` is one of `& < > " '`.
    @inline(__always)
    static func occur(in bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard count >= 8 else {
            for byte in bytes where HTMLEscaping.needsEscaping(byte) { return true }
            return false
        }
        var index = 0
        while index + 8 < count {
            if occur(inWord: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return true }
            index += 8
        }
        // The last eight bytes, overlapping some already read: reading a byte twice changes no answer.
        return occur(inWord: bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// Whether any of the eight bytes of `word` is one of `& < > " '`. A byte equal to `c` is a
    /// zero byte of `word ^ c×0x01…01`, and `(x - 0x01…01) & ~x & 0x80…80` is nonzero exactly when
    /// `x` holds a zero byte (a borrow starts only at one). `<` and `>` differ in bit 1 alone, and
    /// `&` and `'` in bit 0 alone: setting that bit first tells each pair with one test.
    @inline(__always)
    static func occur(inWord word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & (ones &* 0x80) }
        let angles = zeroByte((word | ones &* 0x02) ^ (ones &* 0x3E))
        let ampersandOrApostrophe = zeroByte((word | ones) ^ (ones &* 0x27))
        let quote = zeroByte(word ^ (ones &* 0x22))
        return angles | ampersandOrApostrophe | quote != 0
    }
}
