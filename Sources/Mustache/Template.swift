/// One compiled template: its name in the library, where it came from, its source and its tree.
public struct Template: Sendable {
    /// The library name: the path relative to its directory, without `.mustache`, `/`-separated.
    public let name: String
    /// The file it was read from; `nil` for a template given as text.
    public let path: String?
    public let source: String
    /// The syntax tree, ready to render or to inspect.
    public let nodes: [TemplateNode]

    /// Compiles `source`; throws the first problem, located in the source.
    public init(name: String, source: String, path: String? = nil) throws(TemplateError) {
        self.name = name
        self.path = path
        self.source = source
        self.nodes = try Parser.parse(SourceText(name: name, path: path, text: source))
    }

    /// An error located at `location` in this template.
    func error(_ code: TemplateError.Code, _ message: String, at location: SourceLocation) -> TemplateError {
        SourceText(name: name, path: path, text: source).error(code, message, at: location)
    }
}
