/// The structure pass of the parser: pairs every opening tag with its closing tag, gives each tag
/// its role, and parses tag names. Every structural error is found here, in source order.
struct TagStructure {
    /// What a tag does in its place; blocks differ by whether a parent tag directly encloses them.
    enum Role: Sendable, Equatable {
        case plain
        case sectionOpen, sectionClose
        case parentOpen, parentClose
        /// A block directly inside a parent tag: content passed to the parent.
        case argumentOpen, argumentClose
        /// A block anywhere else: a slot with default content.
        case parameterOpen, parameterClose
    }

    /// A tag's parsed name.
    enum Name: Sendable, Equatable {
        case path(ValuePath)
        case reference(TemplateReference)
        case block(String)
    }

    /// Elements nest at most this deep in one template, so that rendering and any tool walking the
    /// tree recursively stay far from the end of the stack.
    static let maxNesting = 100

    private(set) var roles: [Role]
    /// For an opening or closing tag, the index of its partner; -1 for everything else.
    private(set) var partners: [Int]
    private(set) var names: [Int: Name] = [:]

    private let tokens: [Token]
    private let source: SourceText
    private var open: [Int] = []
    /// Argument names already given to each open parent, by the parent's token index.
    private var argumentNames: [Int: [String: SourceLocation]] = [:]

    private init(tokens: [Token], source: SourceText) {
        self.tokens = tokens
        self.source = source
        self.roles = Array(repeating: .plain, count: tokens.count)
        self.partners = Array(repeating: -1, count: tokens.count)
    }

    static func resolve(_ tokens: [Token], in source: SourceText) throws(TemplateError) -> TagStructure {
        var structure = TagStructure(tokens: tokens, source: source)
        for index in tokens.indices {
            try structure.visit(index)
        }
        if let innermost = structure.open.last {
            let token = tokens[innermost]
            throw source.error(
                .unclosedSection,
                "\(Self.describe(token)) is never closed: expected {{/\(token.content)}}", at: token.location)
        }
        return structure
    }

    private mutating func visit(_ index: Int) throws(TemplateError) {
        let token = tokens[index]
        guard let kind = token.tagKind else { return }
        if let enclosing = open.last, roles[enclosing] == .parentOpen {
            try checkInsideParent(token, kind: kind, parent: enclosing)
        }
        switch kind {
        case .comment, .delimiters:
            return
        case .close:
            try close(index)
        case .variable, .unescaped, .triple, .partial:
            names[index] = try parseName(token, kind: kind)
        case .section, .inverted, .parent, .block:
            names[index] = try parseName(token, kind: kind)
            guard open.count < Self.maxNesting else {
                throw source.error(
                    .nestingTooDeep, "sections and blocks are nested more than \(Self.maxNesting) deep",
                    at: token.location)
            }
            roles[index] = role(opening: kind)
            if roles[index] == .argumentOpen, let parent = open.last {
                try recordArgument(token, parent: parent)
            }
            open.append(index)
        }
    }

    private func role(opening kind: TagKind) -> Role {
        switch kind {
        case .parent: .parentOpen
        case .block: open.last.map { roles[$0] == .parentOpen } == true ? .argumentOpen : .parameterOpen
        default: .sectionOpen
        }
    }

    private mutating func close(_ index: Int) throws(TemplateError) {
        let token = tokens[index]
        guard let opener = open.last else {
            throw source.error(
                .unexpectedClosingTag, "closing tag {{/\(token.content)}} has no open section to close",
                at: token.location)
        }
        let opening = tokens[opener]
        guard Self.normalized(token.content) == Self.normalized(opening.content) else {
            let at = opening.location
            throw source.error(
                .mismatchedClosingTag,
                "closing tag {{/\(token.content)}} does not match \(Self.describe(opening)), "
                    + "still open from line \(at.line), column \(at.column)",
                at: token.location)
        }
        open.removeLast()
        partners[index] = opener
        partners[opener] = index
        roles[index] = switch roles[opener] {
        case .parentOpen: .parentClose
        case .argumentOpen: .argumentClose
        case .parameterOpen: .parameterClose
        default: .sectionClose
        }
        argumentNames[opener] = nil
    }

    /// Directly inside a parent tag only blocks matter; other text is ignored, and other tags
    /// would be silently dropped, so they are refused instead.
    private func checkInsideParent(_ token: Token, kind: TagKind, parent: Int) throws(TemplateError) {
        switch kind {
        case .comment, .delimiters, .block, .close:
            return
        default:
            throw source.error(
                .unexpectedTagInParent,
                "only blocks ({{$name}}…{{/name}}) can stand directly inside \(Self.describe(tokens[parent])); "
                    + "found {{\(kind.sigil)\(token.content)}}",
                at: token.location)
        }
    }

    private mutating func recordArgument(_ token: Token, parent: Int) throws(TemplateError) {
        if let earlier = argumentNames[parent, default: [:]][token.content] {
            throw source.error(
                .duplicateBlock,
                "block '\(token.content)' is already passed to \(Self.describe(tokens[parent])) "
                    + "at line \(earlier.line), column \(earlier.column)",
                at: token.location)
        }
        argumentNames[parent, default: [:]][token.content] = token.location
    }

    private func parseName(_ token: Token, kind: TagKind) throws(TemplateError) -> Name {
        let text = token.content
        switch kind {
        case .partial, .parent:
            if text.hasPrefix("*") {
                let rest = String(text.dropFirst().drop(while: { $0 == " " || $0 == "\t" }))
                guard let path = ValuePath(parsing: rest) else { throw invalidName(token, kind: kind) }
                return .reference(.dynamic(path))
            }
            guard Self.isSingleWord(text) else { throw invalidName(token, kind: kind) }
            return .reference(.named(text))
        case .block:
            guard Self.isSingleWord(text) else { throw invalidName(token, kind: kind) }
            return .block(text)
        default:
            guard let path = ValuePath(parsing: text) else { throw invalidName(token, kind: kind) }
            return .path(path)
        }
    }

    private func invalidName(_ token: Token, kind: TagKind) -> TemplateError {
        let reason = token.content.isEmpty ? "the tag has no name" : "names are one word, like 'a' or 'a.b'"
        return source.error(
            .invalidTagName, "invalid tag {{\(kind.sigil)\(token.content)}}: \(reason)", at: token.location)
    }

    private static func isSingleWord(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains(where: { $0.properties.isWhitespace })
    }

    /// A closing tag names its element as written, except for spaces after a dynamic name's `*`.
    private static func normalized(_ content: String) -> String {
        guard content.hasPrefix("*") else { return content }
        return "*" + content.dropFirst().drop(while: { $0 == " " || $0 == "\t" })
    }

    /// "section 'items'", "parent 'layouts/form'", … for messages.
    static func describe(_ token: Token) -> String {
        let noun = switch token.tagKind {
        case .inverted: "inverted section"
        case .parent: "parent"
        case .block: "block"
        default: "section"
        }
        return "\(noun) '\(token.content)'"
    }
}
