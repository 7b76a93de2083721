/// Where something starts in a template's source: the template's name, a 1-based line and column
/// (in Unicode scalars), and the UTF-8 offset from the start of the source.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The template's library name, e.g. `blocks/card-number`.
    public var templateName: String
    public var line: Int
    public var column: Int
    /// The offset in the source's UTF-8 bytes, for tools that look at the surrounding text.
    public var offset: Int

    public init(templateName: String, line: Int, column: Int, offset: Int) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `name:line:column`.
    public var description: String { "\(templateName):\(line):\(column)" }
}
