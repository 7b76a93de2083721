extension Renderer {
    /// Appends a piece of template text (at most one line), indented if it starts a line.
    mutating func appendText(_ slice: Program.Slice, endsLine: Bool) {
        if atLineStart, !indentation.isEmpty { output.append(contentsOf: indentation) }
        output.append(contentsOf: arena[slice.range])
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
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            escaped ? Self.appendEscaped(bytes, to: &output) : output.append(contentsOf: bytes)
        }
        if copied == nil {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { escaped ? Self.appendEscaped($0, to: &output) : output.append(contentsOf: $0) }
        }
    }

    /// HTML-escapes `& < > " '` into `output`, copying runs of other bytes whole.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            output.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}
