extension Renderer {
    /// Appends template text, putting the indentation at the start of each of its lines.
    mutating func appendText(_ text: String) {
        guard !text.isEmpty else { return }
        if indentation.isEmpty {
            output.append(text)
            atLineStart = text.utf8.last == UInt8(ascii: "\n")
            return
        }
        var lineStart = text.startIndex
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "\n") {
                appendLine(text[lineStart..<index])
                lineStart = index
            }
        }
        if lineStart != text.endIndex { appendLine(text[lineStart...]) }
    }

    private mutating func appendLine(_ line: Substring) {
        if atLineStart { output.append(indentation) }
        output.append(contentsOf: line)
        atLineStart = line.utf8.last == UInt8(ascii: "\n")
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
            output.append(indentation)
            atLineStart = false
        }
        if escaped {
            Self.appendEscaped(text, to: &output)
        } else {
            output.append(text)
        }
    }

    /// HTML-escapes `& < > " '`, copying runs of other bytes whole.
    static func appendEscaped(_ text: String, to output: inout String) {
        var text = text
        let clean = text.withUTF8 { bytes in !bytes.contains(where: needsEscape) }
        if clean {
            output.append(text)
            return
        }
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if needsEscape(byte) {
                output.append(contentsOf: text[runStart..<index])
                output.append(replacement(for: byte))
                index = utf8.index(after: index)
                runStart = index
            } else {
                index = utf8.index(after: index)
            }
        }
        output.append(contentsOf: text[runStart..<utf8.endIndex])
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private static func replacement(for byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        default: "&#39;"
        }
    }
}
