extension TemplateLibrary {
    /// The top-level keys of the data that rendering `name` can read, following its partials and
    /// parents; `nil` when the source cannot tell (a dynamic partial or parent name, or `.` outside
    /// every section, which reads the whole data).
    ///
    /// Every name is looked up by its first key, from the innermost context out to the data
    /// itself, so a render reads nothing of the data but these keys: data holding only them
    /// renders exactly the same. Callers use this to build no more data than a template needs.
    /// Names used inside sections are included even when they are meant for the section's own
    /// context: missing from it, they would be looked up in the data.
    public func rootKeys(readBy name: String) -> Set<String>? {
        var reader = RootKeyReader(library: self)
        guard let template = templates[name], reader.read(template.nodes, name: name, atTop: true) else { return nil }
        return reader.keys
    }
}

/// The walk behind `rootKeys(readBy:)`.
private struct RootKeyReader {
    let library: TemplateLibrary
    var keys: Set<String> = []
    /// Templates already read, and whether at the top (outside every section): a template included
    /// from inside a section cannot read the whole data with `.`, one included at the top can.
    var visited: Set<String> = []

    /// Reads `nodes`; false when the keys cannot be known.
    mutating func read(_ nodes: [TemplateNode], name: String, atTop: Bool) -> Bool {
        guard visited.insert((atTop ? "top:" : "in:") + name).inserted else { return true }
        return read(nodes, atTop: atTop)
    }

    private mutating func read(_ nodes: [TemplateNode], atTop: Bool) -> Bool {
        for node in nodes {
            switch node {
            case .text:
                continue
            case .variable(let variable):
                guard note(variable.path, atTop: atTop) else { return false }
            case .section(let section), .invertedSection(let section):
                guard note(section.path, atTop: atTop), read(section.children, atTop: false) else { return false }
            case .partial(let partial):
                guard follow(partial.name, atTop: atTop) else { return false }
            case .parent(let parent):
                guard follow(parent.name, atTop: atTop) else { return false }
                for argument in parent.arguments where !read(argument.children, atTop: atTop) { return false }
            case .block(let block):
                guard read(block.children, atTop: atTop) else { return false }
            }
        }
        return true
    }

    /// Adds the first key of `path`; `.` at the top reads everything.
    private mutating func note(_ path: ValuePath, atTop: Bool) -> Bool {
        guard let first = path.keys.first else { return !atTop }
        keys.insert(first)
        return true
    }

    /// Reads the template a partial or parent names (a missing one renders nothing).
    private mutating func follow(_ reference: TemplateReference, atTop: Bool) -> Bool {
        guard case .named(let name) = reference else { return false }
        guard let template = library.templates[name] else { return true }
        return read(template.nodes, name: name, atTop: atTop)
    }
}
