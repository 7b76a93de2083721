/// Turns a template's source into its syntax tree: lexer → structure pass → standalone rules →
/// tree. Each stage is its own type; this one builds the tree from what they leave.
struct Parser {
    /// The largest template source accepted (bytes); templates are hand-written markup.
    static let maxSourceSize = 1 << 22

    /// One element being built: what opened it and what it holds so far.
    private struct Frame {
        var opener: Int
        var children: [TemplateNode] = []
        var arguments: [TemplateNode.Block] = []
        var text: [UInt8] = []
        var textLocation: SourceLocation?
    }

    private let source: SourceText
    private let tokens: [Token]
    private let removed: [Bool]
    private let structure: TagStructure
    private let indentation: [Int: String]
    private var frames: [Frame] = [Frame(opener: -1)]

    /// The syntax tree of `source`; throws the first problem found, located in the source.
    static func parse(_ source: SourceText) throws(TemplateError) -> [TemplateNode] {
        guard source.bytes.count <= maxSourceSize else {
            throw source.error(
                .templateTooLarge, "template is \(source.bytes.count) bytes; the limit is \(maxSourceSize)")
        }
        let tokens = try Lexer.tokenize(source)
        let structure = try TagStructure.resolve(tokens, in: source)
        let rules = StandaloneRules.apply(to: tokens, structure: structure, bytes: source.bytes)
        var parser = Parser(
            source: source, tokens: rules.tokens, removed: rules.removed,
            structure: structure, indentation: rules.indentation)
        return parser.build()
    }

    private init(
        source: SourceText, tokens: [Token], removed: [Bool], structure: TagStructure, indentation: [Int: String]
    ) {
        self.source = source
        self.tokens = tokens
        self.removed = removed
        self.structure = structure
        self.indentation = indentation
    }

    private mutating func build() -> [TemplateNode] {
        for index in tokens.indices where !removed[index] {
            let token = tokens[index]
            guard let kind = token.tagKind else {
                appendText(token)
                continue
            }
            switch kind {
            case .comment, .delimiters:
                continue
            case .variable, .unescaped, .triple:
                append(.variable(.init(path: path(index), isEscaped: kind == .variable, location: token.location)))
            case .partial:
                append(.partial(.init(name: reference(index), indentation: indentation[index], location: token.location)))
            case .section, .inverted, .parent, .block:
                flushText()
                frames.append(Frame(opener: index))
            case .close:
                close(index)
            }
        }
        flushText()
        return frames[0].children
    }

    private mutating func close(_ index: Int) {
        flushText()
        let frame = frames.removeLast()
        let opener = tokens[frame.opener]
        let start = opener.location
        let end = tokens[index].location
        switch structure.roles[frame.opener] {
        case .parentOpen:
            append(.parent(.init(
                name: reference(frame.opener), arguments: frame.arguments, indentation: indentation[frame.opener],
                location: start, endLocation: end)))
        case .argumentOpen:
            frames[frames.count - 1].arguments.append(.init(
                name: opener.content, children: frame.children, indentation: nil, location: start, endLocation: end))
        case .parameterOpen:
            append(.block(.init(
                name: opener.content, children: frame.children, indentation: indentation[frame.opener],
                location: start, endLocation: end)))
        default:
            let section = TemplateNode.Section(
                path: path(frame.opener), children: frame.children, location: start, endLocation: end)
            append(opener.tagKind == .inverted ? .invertedSection(section) : .section(section))
        }
    }

    private mutating func append(_ node: TemplateNode) {
        flushText()
        frames[frames.count - 1].children.append(node)
    }

    /// Collects literal text; text directly inside a parent tag is ignored, as the spec says.
    private mutating func appendText(_ token: Token) {
        let top = frames.count - 1
        guard frames[top].opener < 0 || structure.roles[frames[top].opener] != .parentOpen else { return }
        if frames[top].textLocation == nil { frames[top].textLocation = token.location }
        frames[top].text.append(contentsOf: source.bytes[token.range])
    }

    private mutating func flushText() {
        let top = frames.count - 1
        guard let location = frames[top].textLocation else { return }
        let value = String(decoding: frames[top].text, as: UTF8.self)
        frames[top].text.removeAll(keepingCapacity: true)
        frames[top].textLocation = nil
        frames[top].children.append(.text(.init(value: value, location: location)))
    }

    private func path(_ index: Int) -> ValuePath {
        if case .path(let path) = structure.names[index] { return path }
        preconditionFailure("the structure pass names every variable and section")
    }

    private func reference(_ index: Int) -> TemplateReference {
        if case .reference(let reference) = structure.names[index] { return reference }
        preconditionFailure("the structure pass names every partial and parent")
    }
}
