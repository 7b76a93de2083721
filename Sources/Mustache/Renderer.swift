/// Walks compiled templates with a context stack, appending everything to one output string.
///
/// Recursion (sections, partials, parents, blocks) is counted, so that no template — however it
/// includes itself — can run the stack out: past `maxDepth` rendering stops with an error.
struct Renderer {
    static let maxDepth = 200
    /// Past this output size (bytes) rendering stops: a template including itself twice per level
    /// would otherwise grow without bound long before it nests too deep.
    static let maxOutput = 1 << 26

    var output = ""
    let templates: [String: Template]
    /// The context stack; the innermost context is last.
    private var stack: [TemplateValue]
    /// Blocks passed to the parents being rendered, outermost first: the first match wins, so the
    /// child that started the inheritance chain overrides its ancestors.
    private var overrides: [TemplateNode.Block] = []
    var indentation = ""
    /// Whether the next template text starts a line, and so takes the indentation first.
    var atLineStart = true
    private var depth = 0

    init(templates: [String: Template], data: TemplateValue) {
        self.templates = templates
        self.stack = [data]
    }

    mutating func render(_ nodes: [TemplateNode]) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                appendText(text.value)
            case .variable(let variable):
                appendValue(resolve(variable.path), escaped: variable.isEscaped)
            case .section(let section):
                try renderSection(section)
            case .invertedSection(let section):
                if !resolve(section.path).isTruthy {
                    try nested(section.children, at: section.location)
                }
            case .partial(let partial):
                try renderPartial(partial)
            case .parent(let parent):
                try renderParent(parent)
            case .block(let block):
                try renderBlock(block)
            }
        }
    }

    private mutating func renderSection(_ section: TemplateNode.Section) throws(TemplateError) {
        let value = resolve(section.path)
        switch value {
        case .list(let items):
            for item in items {
                stack.append(item)
                defer { stack.removeLast() }
                try nested(section.children, at: section.location)
            }
        default:
            guard value.isTruthy else { return }
            stack.append(value)
            defer { stack.removeLast() }
            try nested(section.children, at: section.location)
        }
    }

    private mutating func renderPartial(_ partial: TemplateNode.Partial) throws(TemplateError) {
        guard let template = lookUp(partial.name) else { return }
        try expand(template, indentation: partial.indentation, at: partial.location)
    }

    /// Renders the parent's template with the tag's blocks added to the overrides; blocks already
    /// overridden further out keep their outer content.
    private mutating func renderParent(_ parent: TemplateNode.Parent) throws(TemplateError) {
        guard let template = lookUp(parent.name) else { return }
        let saved = overrides.count
        overrides += parent.arguments
        defer { overrides.removeSubrange(saved...) }
        try expand(template, indentation: parent.indentation, at: parent.location)
    }

    /// Renders the overriding content if a parent was given this block, else the default content.
    private mutating func renderBlock(_ block: TemplateNode.Block) throws(TemplateError) {
        guard let override = overrides.first(where: { $0.name == block.name }) else {
            try nested(block.children, at: block.location)
            return
        }
        let saved = indentation
        indentation += block.indentation ?? ""
        defer { indentation = saved }
        try nested(override.children, at: block.location)
    }

    /// Renders another template in place: with the tag's indentation added when the tag stands
    /// alone, with none when it shares its line (as if the partial's text were pasted there).
    private mutating func expand(
        _ template: Template, indentation extra: String?, at location: SourceLocation
    ) throws(TemplateError) {
        guard output.utf8.count <= Self.maxOutput else {
            throw error(.outputTooLarge, "rendering stopped: the output passed \(Self.maxOutput) bytes", at: location)
        }
        let saved = indentation
        if let extra {
            indentation += extra
            atLineStart = true
        } else {
            indentation = ""
        }
        defer { indentation = saved }
        try nested(template.nodes, at: location)
    }

    private mutating func nested(_ nodes: [TemplateNode], at location: SourceLocation) throws(TemplateError) {
        guard depth < Self.maxDepth else {
            throw error(
                .recursionTooDeep,
                "rendering nests more than \(Self.maxDepth) levels deep here; does a partial or parent include itself?",
                at: location)
        }
        depth += 1
        defer { depth -= 1 }
        try render(nodes)
    }

    private func lookUp(_ reference: TemplateReference) -> Template? {
        switch reference {
        case .named(let name):
            return templates[name]
        case .dynamic(let path):
            guard case .string(let name) = resolve(path) else { return nil }
            return templates[name]
        }
    }

    /// Resolves a name as the spec says: `.` is the top of the stack; otherwise the first key is
    /// looked up from the top of the stack down, and the rest only inside what it found.
    func resolve(_ path: ValuePath) -> TemplateValue {
        guard let first = path.keys.first else { return stack[stack.count - 1] }
        var index = stack.count - 1
        var found: TemplateValue?
        while index >= 0, found == nil {
            if case .object(let members) = stack[index] { found = members[first] }
            index -= 1
        }
        guard var value = found else { return .null }
        for key in path.keys.dropFirst() {
            guard case .object(let members) = value, let next = members[key] else { return .null }
            value = next
        }
        return value
    }

    private func error(_ code: TemplateError.Code, _ message: String, at location: SourceLocation) -> TemplateError {
        guard let template = templates[location.templateName] else {
            return TemplateError(code: code, message: message, templateName: location.templateName,
                                 line: location.line, column: location.column)
        }
        return template.error(code, message, at: location)
    }
}
