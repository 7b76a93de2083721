/// The bytes a render writes, in memory the renderer owns.
///
/// A page is ~900 appends, most of a few bytes (a quote, a class name, a line's end): through
/// `Array.append(contentsOf:)` each paid a uniqueness check, a capacity check and a call to
/// `memcpy`, more than the bytes themselves. Here an append is a capacity compare and, for the
/// short pieces, two overlapping word copies. Not copyable: one owner frees the memory.
///
/// Pointers into the buffer are handed out only for the length of a closure (`withBytes`,
/// `append(count:writing:)`), while the buffer is borrowed: a pointer kept past it could
/// outlive the memory, which a later append may move and the buffer's end frees.
struct RenderBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Calls `body` with the bytes written so far.
    @inline(__always)
    borrowing func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Appends `source`, which must not point into this buffer: making room may move it.
    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let from = source.baseAddress else { return }
        let length = source.count
        reserve(length)
        let to = base + count
        if length >= 8, length <= 16 {
            // Two words that may overlap cover 8…16 bytes without a loop: the head's 8 from the
            // start, the tail's 8 ending at the last byte.
            let raw = UnsafeRawPointer(from)
            let head = raw.loadUnaligned(as: UInt64.self)
            let tail = raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            UnsafeMutableRawPointer(to).storeBytes(of: head, as: UInt64.self)
            UnsafeMutableRawPointer(to).storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        } else if length < 8 {
            for index in 0..<length { to[index] = from[index] }
        } else {
            to.initialize(from: from, count: length)
        }
        count += length
    }

    /// Appends `length` bytes that `write` puts at the pointer it is given: it must write all of
    /// them, and nothing past them.
    @inline(__always)
    mutating func append(count length: Int, writing write: (UnsafeMutablePointer<UInt8>) -> Void) {
        reserve(length)
        write(base + count)
        count += length
    }

    @inline(__always)
    private mutating func reserve(_ length: Int) {
        if length > capacity - count { grow(toHold: count + length) }
    }

    private mutating func grow(toHold needed: Int) {
        var size = capacity * 2
        while size < needed { size *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        larger.initialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = size
    }
}
