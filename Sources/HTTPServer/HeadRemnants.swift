/// Finds what libmicrohttpd 0.9.75 silently drops from a request head, from the bytes it leaves
/// behind in its read buffer.
///
/// libmicrohttpd parses the head in place: it writes NULs over the separators (spaces of the
/// request line, colons, line endings) and points the method, the target, the version, and each
/// field's name and value into the buffer. Where it reads a C string, whatever follows a NUL the
/// client sent is dropped unseen: `X: a\0b` reaches us as `X: a`, and `GET /a\0b` as `GET /a`. An
/// obsolete folded line (`X: a\r\n b`) is dropped too. Later versions refuse these heads; this
/// one does not, so we look at the buffer once the head is parsed:
/// - the request line must be exactly method, space, target, space, version;
/// - in the field section every byte must belong to a field's name or value, or be a separator
///   left behind (NUL, space, tab, CR, LF). A dropped remnant is anything else.
///
/// A pure function of the bytes and the offsets, so that it is tested and fuzzed without sockets.
enum HeadRemnants {
    /// Where one field's name and value lie in the head, as offsets from its start; nil when the
    /// pointer is outside the head (libmicrohttpd moves the name of a folded field elsewhere).
    struct Field: Equatable, Sendable {
        var name: Range<Int>?
        var value: Range<Int>?
    }

    /// Whether the request line holds nothing but its three parts: the version starts right after
    /// the method, one separator, the target as sent, and one separator.
    static func requestLineIsWhole(methodLength: Int, targetLength: Int, versionOffset: Int) -> Bool {
        methodLength + 1 + targetLength + 1 == versionOffset
    }

    /// Whether every byte of `head` from `start` (the end of the version) is part of one of
    /// `fields` or a separator. Ranges outside `head` are ignored, so any offsets are safe.
    static func fieldSectionIsWhole(_ head: UnsafeRawBufferPointer, from start: Int, fields: [Field]) -> Bool {
        // libmicrohttpd leaves the fields in the order they came: then one pass over the head,
        // nothing allocated. That pass judges each gap when it reaches it, which is right only
        // while the ranges come in order (a later one out of order could still cover the gap), so
        // it answers only "whole, every range in order"; anything else is judged again by the
        // sorted walk. A request's head is walked as its fields come (`OrderedWalk`): this runs
        // only for a head that walk did not find whole, and in tests and fuzzing.
        orderedSectionIsWhole(head, from: start, fields: fields) || sortedSectionIsWhole(head, from: start, fields: fields)
    }

    /// Whether the non-empty ranges (clamped to the head) start in increasing order, name before
    /// value, and each gap before the next range, and after the last, is separators.
    private static func orderedSectionIsWhole(_ head: UnsafeRawBufferPointer, from start: Int, fields: [Field]) -> Bool {
        var walk = OrderedWalk(head, from: start)
        for field in fields { walk.pass(field) }
        return walk.isWhole
    }

    /// The ordered pass of `fieldSectionIsWhole`, one field at a time: the exchange walks each
    /// field as libmicrohttpd hands it over, so a usual head keeps no list of places (an array
    /// allocated and freed per request). `isWhole` false means "not whole, or out of order": only
    /// then are the places gathered, for `fieldSectionIsWhole`.
    struct OrderedWalk {
        private let head: UnsafeRawBufferPointer
        /// Where the field section starts in the head, as given.
        let start: Int
        /// The first byte not yet judged.
        private var index: Int
        /// Where the last range started.
        private var last = Int.min
        /// False once a range came out of order or a gap held a remnant.
        private var inOrder = true

        init(_ head: UnsafeRawBufferPointer, from start: Int) {
            self.head = head
            self.start = start
            index = max(0, start)
        }

        /// Judges the gap before each of `field`'s ranges.
        mutating func pass(_ field: Field) {
            guard inOrder else { return }
            inOrder = passes(clamping: field.name) && passes(clamping: field.value)
        }

        /// `pass` for a field given as where its name and value lie in memory, as libmicrohttpd
        /// hands them over: bytes outside the head are passed over, as a nil range is. Without
        /// the ranges made and clamped, ~200 instructions fewer per request (callgrind).
        mutating func pass(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
            guard inOrder else { return }
            inOrder = passes(inHead: name) && passes(inHead: value)
        }

        /// Whether every field passed so far came in order and the rest of the head is separators.
        var isWhole: Bool {
            var rest = self
            return inOrder && rest.reach(head.count)
        }

        private mutating func reach(_ end: Int) -> Bool {
            while index < end {
                guard HeadRemnants.isSeparator(head[index]) else { return false }
                index += 1
            }
            return true
        }

        /// A range given as offsets: nil is passed over, the rest clamped to the head.
        private mutating func passes(clamping range: Range<Int>?) -> Bool {
            guard let range = range?.clamped(to: 0..<head.count) else { return true }
            return passes(lower: range.lowerBound, upper: range.upperBound)
        }

        /// Bytes given as where they lie in memory: any not wholly in the head are passed over.
        /// Inlined into `pass`: called for every name and value of every head, the call itself
        /// was about a fifth of its cost.
        @inline(__always)
        private mutating func passes(inHead bytes: UnsafeRawBufferPointer) -> Bool {
            guard let place = HeadRemnants.place(of: bytes, in: head) else { return true }
            return passes(lower: place.lower, upper: place.upper)
        }

        /// The range `lower..<upper`, within the head: an empty one is passed over.
        private mutating func passes(lower: Int, upper: Int) -> Bool {
            guard lower < upper else { return true }
            guard lower >= last, reach(lower) else { return false }
            last = lower
            index = max(index, upper)
            return true
        }
    }

    /// `fieldSectionIsWhole` for fields in any order: the ranges sorted first.
    private static func sortedSectionIsWhole(_ head: UnsafeRawBufferPointer, from start: Int, fields: [Field]) -> Bool {
        var covered: [Range<Int>] = []
        covered.reserveCapacity(2 * fields.count)
        func cover(_ range: Range<Int>?) {
            guard let range = range?.clamped(to: 0..<head.count), !range.isEmpty else { return }
            covered.append(range)
        }
        for field in fields {
            cover(field.name)
            cover(field.value)
        }
        covered.sort { $0.lowerBound < $1.lowerBound }
        var index = max(0, start)
        var next = 0
        while index < head.count {
            while next < covered.count, covered[next].upperBound <= index { next += 1 }
            if next < covered.count, covered[next].contains(index) {
                index = covered[next].upperBound
                continue
            }
            guard isSeparator(head[index]) else { return false }
            index += 1
        }
        return true
    }

    /// Where `bytes` lie in `head`, as offsets from its start; nil unless wholly within it (the
    /// name of a folded field is moved elsewhere). A pair, not a range: on the per-request walk, no
    /// range is made and checked.
    @inline(__always)
    static func place(of bytes: UnsafeRawBufferPointer, in head: UnsafeRawBufferPointer) -> (lower: Int, upper: Int)? {
        guard let base = head.baseAddress, let start = bytes.baseAddress, start >= base else { return nil }
        let lower = start - base
        guard lower + bytes.count <= head.count else { return nil }
        return (lower, lower + bytes.count)
    }

    fileprivate static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0 || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }
}
