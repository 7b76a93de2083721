/// One template's source as the compiler sees it: name, origin, text and its UTF-8 bytes.
///
/// The lexer works on bytes (delimiters are byte sequences and offsets index the bytes); errors
/// need the text of a line back, which this type extracts.
struct SourceText: Sendable {
    let name: String
    let path: String?
    let text: String
    let bytes: [UInt8]

    init(name: String, path: String?, text: String) {
        self.name = name
        self.path = path
        self.text = text
        self.bytes = Array(text.utf8)
    }

    /// The text of the line holding byte `offset`, without its line ending.
    func lineText(containing offset: Int) -> String {
        let clamped = min(max(offset, 0), bytes.count)
        var start = clamped
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = clamped
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// An error located at `location` in this source.
    func error(_ code: TemplateError.Code, _ message: String, at location: SourceLocation) -> TemplateError {
        TemplateError(
            code: code, message: message, templateName: name, path: path,
            line: location.line, column: location.column, sourceLine: lineText(containing: location.offset)
        )
    }

    /// An error about the template as a whole (no position).
    func error(_ code: TemplateError.Code, _ message: String) -> TemplateError {
        TemplateError(code: code, message: message, templateName: name, path: path)
    }
}
