extension Renderer {
    /// Appends a piece of template text (at most one line), indented if it starts a line.
    mutating func appendText(_ slice: Program.Slice, endsLine: Bool) {
        if atLineStart, !indentation.isEmpty { appendIndentation() }
        output.append(UnsafeBufferPointer(rebasing: arena[slice.range]))
        atLineStart = endsLine
    }

    private mutating func appendIndentation() {
        indentation.withUnsafeBufferPointer { output.append($0) }
    }

    /// Appends an interpolated value. Its own line breaks take no indentation: only the
    /// template's lines are indented, as the spec's partial indentation tests show.
    mutating func appendValue(_ value: TemplateValue, escaped: Bool) {
        switch value {
        case .string(let text): appendValueText(text, escaped: escaped)
        case .number, .bool: appendValueText(value.interpolationText, escaped: false)
        case .null, .list, .object: return
        }
    }

    private mutating func appendValueText(_ text: String, escaped: Bool) {
        guard !text.isEmpty else { return }
        if atLineStart {
            appendIndentation()
            atLineStart = false
        }
        if escaped, text.utf8.count >= EscapeMemo.minimumCount, let known = escapes.escaped(text) {
            known.withUnsafeBufferPointer { output.append($0) }
            return
        }
        // Read through a span borrowed from the value where it lies: going through `text.utf8`
        // copied the string first, a retain and a release on every interpolation.
        text.utf8Span.span.withUnsafeBufferPointer { bytes in
            escaped ? appendEscaped(bytes) : output.append(bytes)
        }
    }

    private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        let added = Self.escapingGrowth(of: bytes)
        guard added > 0 else {
            output.append(bytes)
            return
        }
        output.append(count: bytes.count + added) { Self.writeEscaped(bytes, to: $0) }
    }

    /// HTML-escapes `& < > " '` into `output`. A first pass counts the bytes escaping adds; a
    /// value without any is copied whole, and one with some (the format rules' JSON is full of
    /// quotes) is written straight into room made once, not appended to piece by piece.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let added = escapingGrowth(of: bytes)
        guard added > 0 else {
            output.append(contentsOf: bytes)
            return
        }
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: bytes.count + added))
        output.withUnsafeMutableBufferPointer { writeEscaped(bytes, to: $0.baseAddress! + start) }
    }

    /// The bytes escaping `bytes` adds: 0 when it leaves them as they are, told eight bytes at a
    /// time (most values), before the table is read (a `swift_once` and a walk a byte at a time).
    private static func escapingGrowth(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard EscapableBytes.occur(in: UnsafeRawBufferPointer(bytes)) else { return 0 }
        return escapeGrowth.withUnsafeBufferPointer { growth in
            var added = 0
            for byte in bytes { added &+= Int(growth[Int(byte)]) }
            return added
        }
    }

    /// Writes `bytes` escaped at `start`, which has room for them and what escaping adds.
    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to start: UnsafeMutablePointer<UInt8>) {
        escapeGrowth.withUnsafeBufferPointer { growth in
            var at = start
            for byte in bytes {
                guard growth[Int(byte)] > 0 else {
                    at.pointee = byte
                    at += 1
                    continue
                }
                let replacement = escapeReplacement(byte)
                at.initialize(from: replacement.utf8Start, count: replacement.utf8CodeUnitCount)
                at += replacement.utf8CodeUnitCount
            }
        }
    }

    /// The bytes escaping adds for each byte value: the entity's length less the byte it replaces.
    private static let escapeGrowth: [UInt8] = (0...255).map { byte in
        UInt8(max(escapeReplacement(UInt8(byte)).utf8CodeUnitCount - 1, 0))
    }

    /// The entity a byte becomes, or the empty string for a byte written as it is. The same set
    /// is spelled twice more, for speed: `HTMLEscaping.needsEscaping` and `EscapableBytes`'s word
    /// constants; a byte added here must be added there (`EscapableBytesTests` holds the three to
    /// one answer).
    private static func escapeReplacement(_ byte: UInt8) -> StaticString {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: ""
        }
    }
}
