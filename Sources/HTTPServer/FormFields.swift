#if canImport(Glibc)
import Glibc
#endif

/// Decoded `application/x-www-form-urlencoded` data (a form body or a query string): ordered
/// `name=value` pairs, a name possibly repeated. Names are compared exactly, byte for byte, as
/// browsers send them.
///
/// Every name and value is checked when the data is decoded (escapes, UTF-8), but kept as where
/// it lies in the bytes sent: a look-up compares names in place and makes a string of the one
/// value asked for. A page event sends about seven pairs and its handler reads them by name, so
/// a string per name and value, and a string compare per name tried, cost a keystroke ~3,000
/// instructions (callgrind, `bench/callgrind.sh`). A part holding an escape or a `+` is kept
/// decoded, as its text differs from its bytes.
public struct FormFields: Sendable, Equatable, Sequence {
    /// One decoded `name=value` pair. Made only here (with the memberwise init); a caller builds
    /// pairs through `init(_:)`.
    public struct Field: Sendable, Equatable {
        /// The decoded name.
        public var name: String
        /// The decoded value.
        public var value: String
    }

    /// The most pairs accepted by default: far above any form we serve, far below what a 16 KB
    /// body of `&&&…` could otherwise make us allocate.
    public static let defaultFieldLimit = 256

    /// One name or value: its bytes in `source`, or (when `decoded` is not negative) the text at
    /// that index of `texts`.
    private struct Part: Sendable {
        var start: Int
        var end: Int
        var decoded: Int
    }

    private struct Pair: Sendable {
        var name: Part
        var value: Part
    }

    /// The bytes decoded (empty for pairs given as text).
    private let source: [UInt8]
    /// Every pair, in the order sent.
    private let pairs: [Pair]
    /// The text of every part whose bytes are not its text.
    private let texts: [String]

    /// No pairs: what a route's request holds until a middleware reads its form. Three empty
    /// arrays, where `init(_: [])` ran a `flatMap` and a `map` over nothing on every request.
    public init() {
        source = []
        pairs = []
        texts = []
    }

    /// Builds form data from pairs (e.g. to drive a responder in tests).
    public init(_ pairs: [(String, String)]) {
        source = []
        texts = pairs.flatMap { [$0.0, $0.1] }
        self.pairs = pairs.indices.map { index in
            Pair(name: Part(start: 0, end: 0, decoded: 2 * index), value: Part(start: 0, end: 0, decoded: 2 * index + 1))
        }
    }

    /// Decodes `bytes`: pairs split at `&`, name and value at the first `=`, `+` is a space and
    /// `%HH` a byte. Empty pairs are skipped; a pair without `=` has the value `""`.
    public init(urlEncoded bytes: [UInt8], fieldLimit: Int = FormFields.defaultFieldLimit) throws(FormDecodingError) {
        var pairs: [Pair] = []
        pairs.reserveCapacity(8)  // the page script's events send five to seven
        var texts: [String] = []
        // The decoding of a name or value that holds an escape or a `+`; made once, reused.
        var scratch: [UInt8] = []
        try bytes.withUnsafeBufferPointer { (bytes) throws(FormDecodingError) in try Self.kinds.withUnsafeBufferPointer { (kinds) throws(FormDecodingError) in
            var start = 0
            while start < bytes.count {
                let name = Self.scan(bytes, kinds, from: start, stoppingAt: Self.pairEnd | Self.nameEnd)
                let hasValue = name.end < bytes.count && bytes[name.end] == UInt8(ascii: "=")
                let value = hasValue ? Self.scan(bytes, kinds, from: name.end + 1, stoppingAt: Self.pairEnd) : Scanned(end: name.end)
                defer { start = value.end + 1 }
                guard value.end > start else { continue }
                guard pairs.count < fieldLimit else {
                    throw FormDecodingError(.tooManyFields, "more than \(fieldLimit) fields")
                }
                pairs.append(Pair(
                    name: try Self.part(bytes, start..<name.end, name, texts: &texts, scratch: &scratch),
                    value: try Self.part(bytes, (hasValue ? name.end + 1 : name.end)..<value.end, value, texts: &texts, scratch: &scratch)))
            }
        } }
        source = bytes
        self.pairs = pairs
        self.texts = texts
    }

    /// Decodes a query string or form body given as text.
    public init(urlEncoded text: some StringProtocol, fieldLimit: Int = FormFields.defaultFieldLimit) throws(FormDecodingError) {
        try self.init(urlEncoded: Array(text.utf8), fieldLimit: fieldLimit)
    }

    /// Every pair, in the order sent, decoded.
    public var fields: [Field] {
        source.withUnsafeBufferPointer { source in
            pairs.map { Field(name: text(of: $0.name, in: source), value: text(of: $0.value, in: source)) }
        }
    }

    /// How many pairs there are.
    public var count: Int { pairs.count }
    /// Whether there are no pairs.
    public var isEmpty: Bool { pairs.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value under `name`, a literal in our source (`form["value"]`), or nil: its bytes
    /// are compared where they lie. Through a `String` each look-up made the name a native string
    /// to borrow its bytes, a retain and a release each (seven per keystroke). A `String` overload
    /// would be picked for every literal (its default type), so the other one has a label.
    public subscript(name: StaticString) -> String? {
        // `withUTF8Buffer`, not `utf8Start`: a one-character literal is kept as a scalar, not bytes.
        name.withUTF8Buffer { wanted in
            source.withUnsafeBufferPointer { source in firstValue(wanted, in: source).map { text(of: $0, in: source) } }
        }
    }

    /// `body` on the bytes of the first value under `name`, where they lie, or on nil when no
    /// field has the name: a value only checked and compared (a page id, 26 bytes) needs no heap
    /// `String` made for it. Not generic: called from another module it would run unspecialized.
    public func withValue(_ name: StaticString, _ body: (UnsafeBufferPointer<UInt8>?) -> String?) -> String? {
        name.withUTF8Buffer { wanted in
            source.withUnsafeBufferPointer { source in
                guard let value = firstValue(wanted, in: source) else { return body(nil) }
                guard value.decoded < 0 else { return texts[value.decoded].utf8Span.span.withUnsafeBufferPointer(body) }
                return body(UnsafeBufferPointer(rebasing: source[value.start..<value.end]))
            }
        }
    }

    /// What `int(_:)` found under a name.
    public enum Integer: Sendable, Equatable {
        /// No field has the name.
        case absent
        /// The first value under it is not what `Int(_: String)` reads (empty, a sign alone, not
        /// decimal digits, or past `Int`'s range).
        case notANumber
        case value(Int)
    }

    /// The first value under `name` read as `Int(value)` reads it, the digits where they lie: a
    /// page event's `caret`, `seq` and `rev` were each made a string only to be parsed.
    public func int(_ name: StaticString) -> Integer {
        name.withUTF8Buffer { wanted in
            source.withUnsafeBufferPointer { source in
                guard let value = firstValue(wanted, in: source) else { return .absent }
                // A decoded value (an escape or a `+` in it) is parsed as its text, as before.
                let number = value.decoded >= 0
                    ? Int(texts[value.decoded]) : Self.decimal(UnsafeBufferPointer(rebasing: source[value.start..<value.end]))
                return number.map(Integer.value) ?? .notANumber
            }
        }
    }

    /// The first value under a name known only at run time, or nil.
    public subscript(named name: String) -> String? {
        var name = name
        return source.withUnsafeBufferPointer { source in
            name.withUTF8 { wanted in firstValue(wanted, in: source).map { text(of: $0, in: source) } }
        }
    }

    /// Every value under `name`, in order.
    public func values(for name: String) -> [String] {
        var name = name
        return source.withUnsafeBufferPointer { source in
            name.withUTF8 { wanted in
                pairs.compactMap { has($0.name, wanted, in: source) ? text(of: $0.value, in: source) : nil }
            }
        }
    }

    /// Pairs with the same names and values in the same order are equal, however they were made.
    public static func == (lhs: FormFields, rhs: FormFields) -> Bool {
        lhs.fields == rhs.fields
    }

    /// The first value under the name spelled by `wanted`, or nil.
    private func firstValue(_ wanted: UnsafeBufferPointer<UInt8>, in source: UnsafeBufferPointer<UInt8>) -> Part? {
        pairs.first { has($0.name, wanted, in: source) }?.value
    }

    /// Whether `part`'s text is `wanted`'s bytes.
    private func has(_ part: Part, _ wanted: UnsafeBufferPointer<UInt8>, in source: UnsafeBufferPointer<UInt8>) -> Bool {
        if part.decoded >= 0 { return texts[part.decoded].utf8.elementsEqual(wanted) }
        guard part.end - part.start == wanted.count else { return false }
        // Two empty names are equal; an empty buffer's first byte must not be read.
        guard part.end > part.start else { return true }
        guard let bytes = source.baseAddress, let wanted = wanted.baseAddress else { return false }
        // The first byte before a call: names of one length mostly differ there.
        return bytes[part.start] == wanted[0] && memcmp(bytes + part.start, wanted, part.end - part.start) == 0
    }

    /// `part`'s text (its bytes were checked to be UTF-8 when the form was decoded).
    private func text(of part: Part, in source: UnsafeBufferPointer<UInt8>) -> String {
        part.decoded >= 0 ? texts[part.decoded] : String(decoding: UnsafeBufferPointer(rebasing: source[part.start..<part.end]), as: UTF8.self)
    }

    /// `bytes` as `Int(_: String)` reads a string: an optional `+` or `-`, then one or more ASCII
    /// digits, nothing else, within `Int`'s range. Summed on the sign's side, so `Int.min` fits.
    private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var at = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { at = 1 }
        guard at < bytes.count else { return nil }
        var result = 0
        while at < bytes.count {
            let digit = bytes[at] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (tens, overflowed) = result.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = negative
                ? tens.subtractingReportingOverflow(Int(digit)) : tens.addingReportingOverflow(Int(digit))
            guard !overflowed, !overflowedAgain else { return nil }
            result = next
            at += 1
        }
        return result
    }

    /// What one pass over a name or value found: where it ends (at `&`, the end, or the name's
    /// `=`), whether it holds an escape or a `+`, and whether it is all ASCII.
    private struct Scanned {
        var end: Int
        var escaped = false
        var ascii = true
    }

    /// What each byte is to `scan`: `&` ends a pair, `=` a name, `%` and `+` are escapes, bytes
    /// from 0x80 are not ASCII; 0 for the rest. One look-up and one test per byte.
    private static let kinds: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x26: pairEnd
        case 0x3D: nameEnd
        case 0x25, 0x2B: escape
        case 0x80...: nonASCII
        default: 0
        }
    }
    private static let pairEnd: UInt8 = 1
    private static let nameEnd: UInt8 = 2
    private static let escape: UInt8 = 4
    private static let nonASCII: UInt8 = 8

    @inline(__always)
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, _ kinds: UnsafeBufferPointer<UInt8>, from start: Int, stoppingAt stops: UInt8
    ) -> Scanned {
        var end = start
        var seen: UInt8 = 0
        while end < bytes.count {
            let kind = kinds[Int(bytes[end])]
            if kind & stops != 0 { break }
            seen |= kind
            end += 1
        }
        return Scanned(end: end, escaped: seen & escape != 0, ascii: seen & nonASCII == 0)
    }

    /// One name or value, checked: its place, and its decoded text when it differs from the bytes
    /// (`scratch`: see `PercentDecoding.decode`).
    private static func part(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ scanned: Scanned, texts: inout [String], scratch: inout [UInt8]
    ) throws(FormDecodingError) -> Part {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        do {
            if scanned.escaped {
                texts.append(try PercentDecoding.decode(raw, plusIsSpace: true, scratch: &scratch))
                return Part(start: 0, end: 0, decoded: texts.count - 1)
            }
            if !scanned.ascii { try PercentDecoding.check(raw) }
            return Part(start: range.lowerBound, end: range.upperBound, decoded: -1)
        } catch .malformedEscape {
            throw FormDecodingError(.malformedPercentEncoding, "'%' must be followed by two hex digits")
        } catch {
            throw FormDecodingError(.invalidUTF8, "decoded text is not UTF-8")
        }
    }
}
