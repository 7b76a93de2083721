/// One lexical unit of a template: a run of literal text on one line, a line ending, or a tag.
///
/// Text never contains a line ending, so the standalone-line rules can look at a line's tokens
/// without re-scanning text.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case text
        /// `\n` or `\r\n`.
        case newline
        case tag(TagKind)
    }

    var kind: Kind
    /// The token's bytes in the source (for a tag: from its opening to its closing delimiter).
    var range: Range<Int>
    /// For a tag: what stands between the sigil and the closing delimiter, trimmed. Empty for text.
    var content: String
    var location: SourceLocation

    var tagKind: TagKind? {
        if case .tag(let kind) = kind { return kind }
        return nil
    }
}

/// What a tag is, decided by the character after its opening delimiter.
enum TagKind: Sendable, Equatable {
    /// `{{name}}`
    case variable
    /// `{{&name}}`
    case unescaped
    /// `{{{name}}}`
    case triple
    /// `{{#name}}`
    case section
    /// `{{^name}}`
    case inverted
    /// `{{/name}}`
    case close
    /// `{{>name}}`
    case partial
    /// `{{<name}}`
    case parent
    /// `{{$name}}`
    case block
    /// `{{! … }}`
    case comment
    /// `{{=<% %>=}}`
    case delimiters

    /// Whether the tag opens an element that a `{{/name}}` must close.
    var opensElement: Bool {
        switch self {
        case .section, .inverted, .parent, .block: true
        default: false
        }
    }

    /// The sigil as written, for messages (`#`, `^`, …; empty for a plain variable).
    var sigil: String {
        switch self {
        case .variable: ""
        case .unescaped: "&"
        case .triple: "{"
        case .section: "#"
        case .inverted: "^"
        case .close: "/"
        case .partial: ">"
        case .parent: "<"
        case .block: "$"
        case .comment: "!"
        case .delimiters: "="
        }
    }
}
