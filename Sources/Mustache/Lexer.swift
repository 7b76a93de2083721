/// Splits a template's source into tokens: text, line endings and tags.
///
/// The lexer owns the delimiters: a `{{=<% %>=}}` tag changes them for the rest of this source
/// only (partials start again from `{{ }}`, as the spec requires).
struct Lexer {
    private let source: SourceText
    private let bytes: [UInt8]
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    private var position = 0
    private var line = 1
    private var lineStart = 0
    private var tokens: [Token] = []
    /// The last column computed: where counting resumes for the next location on the same line.
    private var counted = (line: 0, offset: 0, column: 1)

    private init(source: SourceText) {
        self.source = source
        self.bytes = source.bytes
    }

    /// The tokens of `source`, in order; throws on a tag that never closes or bad delimiters.
    static func tokenize(_ source: SourceText) throws(TemplateError) -> [Token] {
        var lexer = Lexer(source: source)
        try lexer.run()
        return lexer.tokens
    }

    private mutating func run() throws(TemplateError) {
        while position < bytes.count {
            let tagStart = find(open, from: position) ?? bytes.count
            emitText(upTo: tagStart)
            guard tagStart < bytes.count else { break }
            try lexTag(at: tagStart)
        }
    }

    /// Emits text and line-ending tokens for `position..<end`.
    private mutating func emitText(upTo end: Int) {
        var start = position
        var index = position
        while index < end {
            if bytes[index] == UInt8(ascii: "\n") {
                let newlineStart = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                if newlineStart > start { append(.text, start..<newlineStart) }
                append(.newline, newlineStart..<index + 1)
                line += 1
                lineStart = index + 1
                start = index + 1
            }
            index += 1
        }
        if start < end { append(.text, start..<end) }
        position = end
    }

    private mutating func lexTag(at start: Int) throws(TemplateError) {
        var cursor = start + open.count
        let (kind, sigilLength) = Self.kind(of: cursor < bytes.count ? bytes[cursor] : nil)
        cursor += sigilLength
        let closer: [UInt8] = switch kind {
        case .triple: Array("}".utf8) + close
        case .delimiters: Array("=".utf8) + close
        default: close
        }
        // A comment may mention the opening delimiter, and a delimiters tag may set it again;
        // anywhere else, meeting it before the closer means this tag was never closed.
        let stopsAtOpen = kind != .comment && kind != .delimiters
        guard let closerStart = find(closer, from: cursor, unlessFirst: stopsAtOpen ? open : nil) else {
            let opening = String(decoding: open, as: UTF8.self) + (kind == .triple ? "{" : "")
            let expected = String(decoding: closer, as: UTF8.self)
            throw source.error(
                .unclosedTag, "unclosed tag: '\(opening)' has no matching '\(expected)'", at: location(of: start))
        }
        let end = closerStart + closer.count
        let content = trimmed(cursor..<closerStart)
        // Located before the tag's own line endings are counted: a location is only ever asked
        // for on the current line, and a tag spanning lines ends on a later one.
        let tagLocation = location(of: start)
        append(.tag(kind), start..<end, content: content, at: tagLocation)
        for index in start..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        position = end
        if kind == .delimiters { try setDelimiters(content, at: tagLocation) }
    }

    private static func kind(of sigil: UInt8?) -> (TagKind, Int) {
        switch sigil {
        case UInt8(ascii: "{"): (.triple, 1)
        case UInt8(ascii: "&"): (.unescaped, 1)
        case UInt8(ascii: "#"): (.section, 1)
        case UInt8(ascii: "^"): (.inverted, 1)
        case UInt8(ascii: "/"): (.close, 1)
        case UInt8(ascii: ">"): (.partial, 1)
        case UInt8(ascii: "<"): (.parent, 1)
        case UInt8(ascii: "$"): (.block, 1)
        case UInt8(ascii: "!"): (.comment, 1)
        case UInt8(ascii: "="): (.delimiters, 1)
        default: (.variable, 0)
        }
    }

    private mutating func setDelimiters(_ content: String, at tagLocation: SourceLocation) throws(TemplateError) {
        let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw source.error(
                .invalidDelimiters,
                "invalid delimiters tag: expected two delimiters without '=' separated by a space, as in {{=<% %>=}}",
                at: tagLocation)
        }
        open = Array(parts[0].utf8)
        close = Array(parts[1].utf8)
    }

    private mutating func append(
        _ kind: Token.Kind, _ range: Range<Int>, content: String = "", at location: SourceLocation? = nil
    ) {
        tokens.append(Token(kind: kind, range: range, content: content, location: location ?? self.location(of: range.lowerBound)))
    }

    /// The location of byte `offset`, which must be on the current line and not before the last
    /// location asked for: columns are counted on from there, so a long line costs linear time.
    private mutating func location(of offset: Int) -> SourceLocation {
        if counted.line != line || counted.offset > offset {
            counted = (line, lineStart, 1)
        }
        var column = counted.column
        for index in counted.offset..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        counted = (line, offset, column)
        return SourceLocation(templateName: source.name, line: line, column: column, offset: offset)
    }

    /// The first index of `pattern` at or after `start`; `nil` if absent, or if `stop` occurs first.
    private func find(_ pattern: [UInt8], from start: Int, unlessFirst stop: [UInt8]? = nil) -> Int? {
        guard let first = pattern.first else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == first, matches(pattern, at: index) { return index }
            if let stop, matches(stop, at: index) { return nil }
            index += 1
        }
        return nil
    }

    private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, Self.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, Self.isSpace(bytes[upper - 1]) { upper -= 1 }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
