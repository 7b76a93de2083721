import Mustache
/// One problem `cardform check` found in a designer's templates or locales, located in the file a
/// designer edits (never in Swift code).
///
/// `description` prints it the way `TemplateError` does, so a syntax error and a lint finding look
/// alike in the same report:
///
///     my-theme/blocks/cvv.mustache:7:20: error: {{value}} is an unquoted attribute value: …
///     <input id="{{id}}" value={{value}}>
///                              ^
public struct LintDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    /// What was found, as a stable kebab-case identifier, for tests and tools.
    enum Code: String, Sendable, Hashable {
        /// A `TemplateError` from the compiler (syntax) or from rendering a block (runaway recursion).
        case template = "template-error"
        case unknownPartial = "unknown-partial"
        case unknownParent = "unknown-parent"
        case unknownSlot = "unknown-slot"
        case missingHook = "missing-hook"
        case unsafeContext = "unsafe-context"
        case unescapedFieldValue = "unescaped-field-value"
        case unescapedValue = "unescaped-value"
        case unbalancedSection = "unbalanced-section"
        case missingCardNetwork = "missing-card-network"
        case duplicateCardNetwork = "duplicate-card-network"
        case invalidBlockName = "invalid-block-name"
        case unusedTemplate = "unused-template"
        case unknownLocaleKey = "unknown-locale-key"
        case missingLocaleKeys = "missing-locale-keys"
        case extraLocaleKey = "extra-locale-key"
        case invalidLocale = "invalid-locale"
        case invalidPlural = "invalid-plural"
        case unknownPlaceholder = "unknown-placeholder"
        case missingPlaceholder = "missing-placeholder"
        case unreadableFile = "unreadable-file"
    }

    public var severity: Severity
    var code: Code
    /// What is wrong and what to do about it, in a sentence for a designer.
    var message: String
    /// The file as the designer knows it: `Templates/blocks/cvv.mustache` for a default,
    /// `DIR/blocks/cvv.mustache` for the designer's own.
    var file: String
    /// 1-based; 0 when the problem concerns the file as a whole and has no position.
    var line = 0
    /// 1-based, in Unicode scalars; 0 without a position.
    var column = 0
    /// The text of `line`, without its line ending.
    var sourceLine = ""

    /// `FILE:LINE:COL: error|warning: MESSAGE`, the source line, and a caret under the column, as
    /// template errors print (`DiagnosticFormat`).
    public var description: String {
        DiagnosticFormat.format(
            file: file, line: line, column: column, severity: severity.rawValue, message: message, sourceLine: sourceLine)
    }

    /// Report order: by file, then position; problems at the same place keep the order found.
    public static func sorted(_ diagnostics: [LintDiagnostic]) -> [LintDiagnostic] {
        var seen: Set<LintDiagnostic> = []
        return diagnostics.filter { seen.insert($0).inserted }
            .enumerated()
            .sorted { ($0.element.file, $0.element.line, $0.element.column, $0.offset)
                < ($1.element.file, $1.element.line, $1.element.column, $1.offset) }
            .map(\.element)
    }

    /// `2 errors, 1 warning`, or `no problems`.
    public static func summary(of diagnostics: [LintDiagnostic]) -> String {
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count - errors
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.isEmpty ? "no problems" : parts.joined(separator: ", ")
    }
}
