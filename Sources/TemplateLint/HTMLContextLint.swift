import Mustache

/// Finds interpolations in HTML contexts where Mustache's HTML escaping does not protect the page:
/// an unquoted attribute value, an attribute-name position, a script or style body, an event-handler
/// or style attribute; and unescaped (`{{{x}}}`, `{{&x}}`) values.
///
/// It walks one template's nodes in source order, feeding the text nodes to an `HTMLTokenizer`, so
/// each Mustache tag is judged by the context the text before it leaves. A section is walked from
/// the context it opens in; if its content ends in the same kind of context (the usual case, as in
/// `<input{{#required}} required{{/required}}>`), the walk goes on from the context before it, the
/// state the page is in when the section renders nothing.
struct HTMLContextLint {
    let file: LintFile
    private(set) var diagnostics: [LintDiagnostic] = []
    private var tokenizer = HTMLTokenizer()

    init(file: LintFile) {
        self.file = file
    }

    /// Lints `nodes`, a template's whole tree.
    static func lint(_ nodes: [TemplateNode], in file: LintFile) -> [LintDiagnostic] {
        var lint = HTMLContextLint(file: file)
        lint.walk(nodes)
        return lint.diagnostics
    }

    private mutating func walk(_ nodes: [TemplateNode]) {
        for node in nodes {
            switch node {
            case .text(let text):
                tokenizer.consume(text.value.utf8)
            case .variable(let variable):
                check(variable)
                // The value stands for some text: a letter moves the tokenizer on as a value would
                // (from after `=` into an unquoted value, from a tag into an attribute name).
                _ = tokenizer.consume(UInt8(ascii: "x"), at: 0)
            case .section(let section):
                walkBranch(section.children, opening: "{{#\(section.path)}}", at: section.location)
            case .invertedSection(let section):
                walkBranch(section.children, opening: "{{^\(section.path)}}", at: section.location)
            case .block(let block):
                walkBranch(block.children, opening: "{{$\(block.name)}}", at: block.location)
            case .partial(let partial):
                checkInclusion("{{>\(partial.name)}}", at: partial.location)
            case .parent(let parent):
                checkInclusion("{{<\(parent.name)}}", at: parent.location)
                // A parent's slots sit in its own markup, as text: each argument starts there.
                for argument in parent.arguments {
                    var inner = HTMLContextLint(file: file)
                    inner.walk(argument.children)
                    diagnostics += inner.diagnostics
                }
            }
        }
    }

    private mutating func walkBranch(_ children: [TemplateNode], opening: String, at location: SourceLocation) {
        let before = tokenizer
        walk(children)
        let start = Context(before)
        let end = Context(tokenizer)
        if start == end {
            tokenizer = before
        } else {
            diagnostics.append(file.diagnostic(
                .warning, .unbalancedSection,
                "\(opening) starts in \(start.phrase) but its content ends in \(end.phrase): the markup after it "
                    + "reads differently depending on whether it renders; close inside the section what it opens",
                at: location.offset))
        }
    }

    // MARK: - Checks

    private mutating func check(_ variable: TemplateNode.Variable) {
        let tag = written(variable)
        let attribute = String(decoding: tokenizer.attributeName, as: UTF8.self)
        let context = Context(tokenizer)
        var problem: String?
        switch context {
        case .rawText(let element):
            problem = element == "script"
                ? "\(tag) is inside <script>: Mustache escapes for HTML, not JavaScript (and the page's "
                    + "Content-Security-Policy blocks inline scripts); pass the value in a data-* attribute instead"
                : "\(tag) is inside <style>: Mustache escapes for HTML, not CSS (and the page's "
                    + "Content-Security-Policy blocks inline styles); use a class or a --cf-* theme variable instead"
        case .valueStart, .unquotedValue:
            problem = "\(tag) is in an unquoted attribute value: a space in the value would start a new attribute; "
                + "quote it: \(attribute)=\"\(tag)\""
        case .tag:
            problem = "\(tag) is inside a tag but not in a quoted attribute value: a value there can add any "
                + "attribute (an event handler, say); put it in a quoted value such as class=\"\(tag)\""
        case .quotedValue where Self.isScriptAttribute(attribute):
            problem = "\(tag) is inside the \(attribute) attribute: Mustache escapes for HTML, not JavaScript "
                + "(and the page's Content-Security-Policy blocks inline handlers); leave event handlers to cardform.js"
        case .quotedValue where attribute == "style":
            problem = "\(tag) is inside a style attribute: Mustache escapes for HTML, not CSS (and the page's "
                + "Content-Security-Policy blocks style attributes); use a class or a --cf-* theme variable instead"
        case .text, .quotedValue, .comment:
            break
        }
        if let problem {
            diagnostics.append(file.diagnostic(.error, .unsafeContext, problem, at: variable.location.offset))
        } else if !variable.isEscaped {
            diagnostics.append(unescaped(variable, tag: tag))
        }
    }

    private func unescaped(_ variable: TemplateNode.Variable, tag: String) -> LintDiagnostic {
        let keys = variable.path.keys
        if keys.first == "fields" || keys.last.map(Self.fieldTextKeys.contains) == true {
            return file.diagnostic(
                .error, .unescapedFieldValue,
                "\(tag) is not escaped, but a field's value, label and messages are text, not HTML (what the "
                    + "shopper types would become markup): write {{\(variable.path)}}",
                at: variable.location.offset)
        }
        return file.diagnostic(
            .warning, .unescapedValue, "\(tag) is not escaped: make sure this value is HTML you trust",
            at: variable.location.offset)
    }

    /// A partial or parent renders its own markup where it stands: inside a script or style body or
    /// a handler attribute, none of its values would be escaped for that language.
    private mutating func checkInclusion(_ tag: String, at location: SourceLocation) {
        let attribute = String(decoding: tokenizer.attributeName, as: UTF8.self)
        let place: String? = switch Context(tokenizer) {
        case .rawText(let element): "<\(element)>"
        case .quotedValue where Self.isScriptAttribute(attribute) || attribute == "style": "the \(attribute) attribute"
        default: nil
        }
        guard let place else { return }
        diagnostics.append(file.diagnostic(
            .error, .unsafeContext,
            "\(tag) is included inside \(place): the values it renders are escaped for HTML, not for that language",
            at: location.offset))
    }

    /// The tag as the designer wrote it, for messages: `{{x}}`, `{{{x}}}` or `{{&x}}`.
    private func written(_ variable: TemplateNode.Variable) -> String {
        let path = variable.path.description
        if variable.isEscaped { return "{{\(path)}}" }
        let offset = variable.location.offset
        let isTriple = file.bytes.count >= offset + 3 && file.bytes[offset..<(offset + 3)].elementsEqual("{{{".utf8)
        return isTriple ? "{{{\(path)}}}" : "{{&\(path)}}"
    }

    /// Keys whose values are a field's text: what the shopper typed, or labels and messages the
    /// merchant configured. Never HTML.
    static let fieldTextKeys: Set<String> = ["value", "label", "placeholder", "guideText", "error", "message"]

    /// `onclick`, `oninput`…: attribute values the browser runs as JavaScript.
    static func isScriptAttribute(_ name: String) -> Bool {
        name.count > 2 && name.hasPrefix("on")
    }
}

extension HTMLContextLint {
    /// The kind of place the tokenizer is in, as far as escaping is concerned. Two states of the
    /// same kind are interchangeable after a section.
    enum Context: Equatable {
        case text
        /// Inside a start or end tag, outside any attribute value.
        case tag
        /// Right after `=`.
        case valueStart
        case quotedValue(UInt8)
        case unquotedValue
        case rawText(String)
        case comment

        init(_ tokenizer: HTMLTokenizer) {
            switch tokenizer.state {
            case .data: self = .text
            case .tagOpen, .endTagOpen, .tagName, .beforeAttributeName, .attributeName, .afterAttributeName: self = .tag
            case .beforeAttributeValue: self = .valueStart
            case .quotedAttributeValue(let quote): self = .quotedValue(quote)
            case .unquotedAttributeValue: self = .unquotedValue
            case .markupDeclaration, .comment, .bogusComment: self = .comment
            case .rawText: self = .rawText(tokenizer.rawTextElement ?? "script")
            }
        }

        /// For messages: "text", "a tag"…
        var phrase: String {
            switch self {
            case .text: "text"
            case .tag: "a tag"
            case .valueStart, .unquotedValue: "an unquoted attribute value"
            case .quotedValue: "a quoted attribute value"
            case .rawText(let element): "<\(element)>"
            case .comment: "a comment"
            }
        }
    }
}
