/// A file the linter reports on: the path a designer sees and its text, able to turn a UTF-8 offset
/// into a line, a column and the line's text.
struct LintFile: Sendable {
    /// `Templates/blocks/cvv.mustache` or `DIR/blocks/cvv.mustache`.
    let path: String
    let bytes: [UInt8]
    /// Whether the file comes from the designer's folder rather than the defaults.
    let isOverlay: Bool

    init(path: String, text: String, isOverlay: Bool) {
        self.path = path
        self.bytes = Array(text.utf8)
        self.isOverlay = isOverlay
    }

    /// A diagnostic pointing at byte `offset`.
    func diagnostic(
        _ severity: LintDiagnostic.Severity, _ code: LintDiagnostic.Code, _ message: String, at offset: Int
    ) -> LintDiagnostic {
        let clamped = min(max(offset, 0), bytes.count)
        var start = clamped
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = clamped
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let line = bytes[..<start].count { $0 == UInt8(ascii: "\n") } + 1
        // Columns count Unicode scalars, as the template compiler's do: skip UTF-8 continuation bytes.
        let column = bytes[start..<clamped].count { $0 & 0xC0 != 0x80 } + 1
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return LintDiagnostic(
            severity: severity, code: code, message: message, file: path, line: line, column: column,
            sourceLine: String(decoding: bytes[start..<max(start, end)], as: UTF8.self))
    }

    /// The byte offset of the first `needle` at or after `from`, if any.
    func offset(of needle: String, from: Int = 0) -> Int? {
        let target = Array(needle.utf8)
        guard !target.isEmpty, bytes.count >= target.count else { return nil }
        var index = max(from, 0)
        while index + target.count <= bytes.count {
            if bytes[index] == target[0], bytes[index..<(index + target.count)].elementsEqual(target) { return index }
            index += 1
        }
        return nil
    }
}
