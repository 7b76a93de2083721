/// The bytes a render writes, in memory the renderer owns.
///
/// A page is ~900 appends, most of a few bytes (a quote, a class name, a line's end): through
/// `Array.append(contentsOf:)` each paid a uniqueness check, a capacity check and a call to
/// `memcpy`, more than the bytes themselves. Here an append is a capacity compare and, for the
/// short pieces, two overlapping word copies. Not copyable: one owner frees the memory.
struct RenderBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far; valid until the next append.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let from = source.baseAddress else { return }
        let length = source.count
        let to = room(for: length)
        if length >= 8, length <= 16 {
            // Two words that may overlap cover 8…16 bytes without a loop.
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

    /// Room for `length` more bytes at the end, to be filled by the caller: `count` grows by
    /// `length` only through `commit(_:)` or `append(_:)`.
    @inline(__always)
    mutating func room(for length: Int) -> UnsafeMutablePointer<UInt8> {
        if count + length > capacity { grow(toHold: count + length) }
        return base + count
    }

    /// Counts `length` bytes written into `room(for:)` as written.
    @inline(__always)
    mutating func commit(_ length: Int) {
        count += length
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
