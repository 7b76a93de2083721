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
        // nothing allocated (this runs for every request). The order is checked in a pass of its
        // own first: the one-pass walk judges each gap when it reaches it, and a range that came
        // later out of order could still cover it.
        isInOrder(fields, within: head.count)
            ? orderedSectionIsWhole(head, from: start, fields: fields)
            : sortedSectionIsWhole(head, from: start, fields: fields)
    }

    /// Whether the non-empty ranges (clamped to the head) start in increasing order, name before value.
    private static func isInOrder(_ fields: [Field], within count: Int) -> Bool {
        var last = Int.min
        for index in 0..<(2 * fields.count) {
            guard let range = range(index, of: fields, within: count) else { continue }
            guard range.lowerBound >= last else { return false }
            last = range.lowerBound
        }
        return true
    }

    /// `fieldSectionIsWhole` for fields in order: each gap before the next range must be separators.
    private static func orderedSectionIsWhole(_ head: UnsafeRawBufferPointer, from start: Int, fields: [Field]) -> Bool {
        var index = max(0, start)
        func reach(_ end: Int) -> Bool {
            while index < end {
                guard isSeparator(head[index]) else { return false }
                index += 1
            }
            return true
        }
        for position in 0..<(2 * fields.count) {
            guard let range = range(position, of: fields, within: head.count) else { continue }
            guard reach(range.lowerBound) else { return false }
            index = max(index, range.upperBound)
        }
        return reach(head.count)
    }

    /// The `index`th range of `fields` (name, value, name, value…) clamped to `0..<count`; nil
    /// when absent or empty there.
    private static func range(_ index: Int, of fields: [Field], within count: Int) -> Range<Int>? {
        let field = fields[index / 2]
        guard let range = (index % 2 == 0 ? field.name : field.value)?.clamped(to: 0..<count), !range.isEmpty else { return nil }
        return range
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

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0 || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }
}
