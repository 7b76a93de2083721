/// A template problem, found while loading, compiling or rendering, located in the template's own
/// source (never in Swift code).
///
/// `description` prints it the way a compiler does:
///
///     Templates/form.mustache:3:5: error: section 'items' is never closed
///         {{#items}}
///         ^
public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as a stable kebab-case identifier (`Code.rawValue`).
    public enum Code: String, Sendable, Hashable, CaseIterable {
        case unclosedTag = "unclosed-tag"
        case unclosedSection = "unclosed-section"
        case mismatchedClosingTag = "mismatched-closing-tag"
        case unexpectedClosingTag = "unexpected-closing-tag"
        case invalidTagName = "invalid-tag-name"
        case invalidDelimiters = "invalid-delimiters"
        case unexpectedTagInParent = "unexpected-tag-in-parent"
        case duplicateBlock = "duplicate-block"
        case nestingTooDeep = "nesting-too-deep"
        case templateTooLarge = "template-too-large"
        case recursionTooDeep = "recursion-too-deep"
        case outputTooLarge = "output-too-large"
        case renderingTooLong = "rendering-too-long"
        case templateNotFound = "template-not-found"
        case directoryNotFound = "directory-not-found"
        case unreadableFile = "unreadable-file"
    }

    /// What went wrong, for programs (stable across releases).
    public var code: Code
    /// What went wrong, in a sentence for a designer.
    public var message: String
    /// The library name of the template at fault (empty when no template is concerned).
    public var templateName: String
    /// The file the template came from, if it came from a file.
    public var path: String?
    /// 1-based; 0 when the problem has no position (a missing file, say).
    public var line: Int
    /// 1-based, in Unicode scalars; 0 when the problem has no position.
    public var column: Int
    /// The text of line `line`, without its line ending (empty when there is no position).
    public var sourceLine: String

    /// An error; without `line` (0) it prints as `FILE: error: MESSAGE`.
    public init(
        code: Code, message: String, templateName: String, path: String? = nil,
        line: Int = 0, column: Int = 0, sourceLine: String = ""
    ) {
        self.code = code
        self.message = message
        self.templateName = templateName
        self.path = path
        self.line = line
        self.column = column
        self.sourceLine = sourceLine
    }

    /// What the first part of the printed error names: the file, or `<name>.mustache` for a
    /// template that did not come from a file.
    public var displayPath: String {
        if let path { return path }
        return templateName.isEmpty ? "<templates>" : templateName + ".mustache"
    }

    /// `FILE:LINE:COL: error: MESSAGE`, then the source line and a caret under the column (see
    /// `DiagnosticFormat`).
    public var description: String {
        DiagnosticFormat.format(
            file: displayPath, line: line, column: column, severity: "error", message: message, sourceLine: sourceLine)
    }
}
