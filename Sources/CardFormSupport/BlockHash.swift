/// A stable 64-bit hash of rendered markup, read 8 bytes at a time: how a page's blocks are told
/// apart from what the page already holds (`BlockTree.ownHash`, `PageState`).
///
/// Not cryptographic and not seeded: a hash only has to tell, within one page's life, whether a
/// block's bytes are the ones sent before, and every server instance must hash alike. Each 8-byte
/// word goes through a multiply by an odd constant and a rotation, both one-to-one, so two inputs
/// of one length that differ in a single word always hash apart; the length and a final mix close
/// it. FNV-1a (`FNV1a`) did this a byte at a time, five times the instructions on a keystroke.
///
/// Words go to two lanes by turns (even words to one, odd words to the other): each lane's
/// multiply waits on its own previous word only, so the processor runs the two chains side by
/// side and a block takes about half the time of one chain. A single differing word changes one
/// lane, and the lanes join one-to-one in each, so such inputs still hash apart.
///
/// Streaming: combining `a` then `b` gives the hash of `a + b` (a block with the live region's text
/// left out must hash as the block rendered without it), so up to 7 bytes wait between calls, and
/// a word's lane follows from its place in the whole input, not in the call.
///
/// Changing this function changes every stored page hash: a page opened before the change then
/// gets each block it next touches whole (none matches what the page is taken to hold), once.
public struct BlockHash: Sendable {
    private var even: UInt64 = 0x243F_6A88_85A3_08D3
    private var odd: UInt64 = 0x1319_8A2E_0370_7344
    /// Bytes not yet mixed, the first in the lowest byte.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var length = 0
    /// Whether the next whole word goes to `odd`.
    private var oddNext = false

    public init() {}

    /// The hash of the bytes combined so far.
    @inline(__always)
    public var value: UInt64 {
        var lanes = self
        if pendingCount > 0 { lanes.flush() }
        // One-to-one in each lane, and the lanes' order counts.
        var state = lanes.even ^ (lanes.odd &* 0xC2B2_AE3D_27D4_EB4F)
        state ^= UInt64(length)
        // Murmur3's 64-bit finalizer: every input bit reaches every output bit.
        state ^= state >> 33
        state &*= 0xFF51_AFD7_ED55_8CCD
        state ^= state >> 33
        state &*= 0xC4CE_B9FE_1A85_EC53
        state ^= state >> 33
        return state
    }

    private static func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
        let product = (state ^ word) &* 0x9E37_79B9_7F4A_7C15
        return (product << 27) | (product >> 37)
    }

    public mutating func combine(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { combine($0) }
    }

    public mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine($0) }
    }

    /// A string's UTF-8, read where it lies: a local copy for `withUTF8` cost a retain and a release.
    public mutating func combine(_ text: String) {
        text.utf8Span.span.withUnsafeBytes { combine($0) }
    }

    public mutating func combine(_ byte: UInt8) {
        length += 1
        pending |= UInt64(byte) << UInt64(pendingCount &* 8)
        pendingCount += 1
        if pendingCount == 8 { flush() }
    }

    public mutating func combine(_ buffer: UnsafeRawBufferPointer) {
        let count = buffer.count
        guard count > 0, let base = buffer.baseAddress else { return }
        length += count
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        var index = 0
        if pendingCount > 0 {
            let wanted = 8 - pendingCount
            guard count >= 8 else {
                index = min(wanted, count)
                takeBytes(base, upTo: index)
                guard pendingCount == 8 else { return }
                flush()
                return combineWords(base, from: index, count: count)
            }
            // The bytes that complete the waiting word, read as one word: a loop took ~10
            // instructions a byte, and pieces seldom end on a word's edge. The shift drops the
            // word's bytes past the `wanted` ones.
            pending |= word(0) << UInt64(pendingCount &* 8)
            pendingCount = 8
            index = wanted
            flush()
        }
        combineWords(base, from: index, count: count)
    }

    /// Mixes the whole words of `base[start..<count]` into the lanes and keeps what is left
    /// (fewer than 8 bytes) waiting; nothing waits when called.
    @inline(__always)
    private mutating func combineWords(_ base: UnsafeRawPointer, from start: Int, count: Int) {
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        assert(pendingCount == 0, "combineWords replaces the waiting bytes")
        var index = start
        var even = self.even
        var odd = self.odd
        if oddNext, index + 8 <= count {
            odd = Self.mix(odd, word(index))
            index += 8
            oddNext = false
        }
        while index + 16 <= count {
            even = Self.mix(even, word(index))
            odd = Self.mix(odd, word(index + 8))
            index += 16
        }
        if index + 8 <= count {
            even = Self.mix(even, word(index))
            index += 8
            oddNext = true
        }
        self.even = even
        self.odd = odd
        let left = count - index
        guard left > 0 else { return }
        if count >= 8 {
            // The last eight bytes, shifted so that only those not yet mixed stay, lowest first.
            pending = word(count - 8) >> UInt64((8 - left) &* 8)
            pendingCount = left
        } else {
            takeBytes(base, from: index, upTo: count)
        }
    }

    /// Adds `base[start..<end]` to the waiting bytes one at a time (fewer than 8).
    @inline(__always)
    private mutating func takeBytes(_ base: UnsafeRawPointer, from start: Int = 0, upTo end: Int) {
        var index = start
        while index < end {
            pending |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << UInt64(pendingCount &* 8)
            pendingCount += 1
            index += 1
        }
    }

    @inline(__always)
    private mutating func flush() {
        if oddNext { odd = Self.mix(odd, pending) } else { even = Self.mix(even, pending) }
        oddNext.toggle()
        pending = 0
        pendingCount = 0
    }

    /// The hash of `bytes` alone.
    public static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hasher = BlockHash()
        hasher.combine(bytes)
        return hasher.value
    }
}
