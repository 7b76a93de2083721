extension Renderer {
    /// Appends a piece of template text (at most one line), indented if it starts a line.
    mutating func appendText(_ slice: Program.Slice, endsLine: Bool) {
        if atLineStart, !indentation.isEmpty { output.append(contentsOf: indentation) }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: arena[slice.range]))
        atLineStart = endsLine
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
            output.append(contentsOf: indentation)
            atLineStart = false
        }
        if escaped, text.utf8.count >= EscapeMemo.minimumCount, let known = escapes.escaped(text) {
            output.append(contentsOf: known)
            return
        }
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            escaped ? Self.appendEscaped(bytes, to: &output) : output.append(contentsOf: bytes)
        }
        if copied == nil {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { escaped ? Self.appendEscaped($0, to: &output) : output.append(contentsOf: $0) }
        }
    }

    /// HTML-escapes `& < > " '` into `output`. A first pass counts the bytes escaping adds; a
    /// value without any is copied whole, and one with some (the format rules' JSON is full of
    /// quotes) is written straight into room made once, not appended to piece by piece.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        escapeGrowth.withUnsafeBufferPointer { growth in
            var added = 0
            for byte in bytes { added &+= Int(growth[Int(byte)]) }
            guard added > 0 else {
                output.append(contentsOf: bytes)
                return
            }
            let start = output.count
            output.append(contentsOf: repeatElement(0, count: bytes.count + added))
            output.withUnsafeMutableBufferPointer { buffer in
                var at = start
                for byte in bytes {
                    guard growth[Int(byte)] > 0 else {
                        buffer[at] = byte
                        at &+= 1
                        continue
                    }
                    let replacement = escapeReplacement(byte)
                    for index in 0..<replacement.utf8CodeUnitCount { buffer[at &+ index] = replacement.utf8Start[index] }
                    at &+= replacement.utf8CodeUnitCount
                }
            }
        }
    }

    /// The bytes escaping adds for each byte value: the entity's length less the byte it replaces.
    private static let escapeGrowth: [UInt8] = (0...255).map { byte in
        UInt8(max(escapeReplacement(UInt8(byte)).utf8CodeUnitCount - 1, 0))
    }

    /// The entity a byte becomes, or the empty string for a byte written as it is.
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
