extension TemplateLibrary {
    /// Every place in the data that rendering `name` can read, following its partials and parents
    /// as the renderer does; `nil` when there is no template `name`, or when the templates include
    /// each other so deep (a partial recursing into ever deeper sections) that the paths would not
    /// end, or name more than `ReadPathReader.maxPaths` of them.
    ///
    /// Read from the syntax tree, once, never from a render: every section is entered whatever the
    /// data, and both a section's content and an inverted section's are read.
    /// - A name is looked up from the innermost context out, so inside `{{#fields.cardNumber}}`
    ///   `{{value}}` may read `fields.cardNumber.value` or, missing there, `value`: both paths are
    ///   listed, one for each context it could be found in. Sections nest the same way.
    /// - `{{.}}` reads the innermost context whole: at the top, the whole data (the path `.`).
    /// - A block reads what the parent tag that overrides it gives (the outermost such tag, as the
    ///   renderer picks), else its default content, in the context where the block stands.
    /// - A dynamic name (`{{>*name}}`, `{{<*name}}`) reads `name` and may include any template of
    ///   the library: all of them are read there.
    ///
    /// Data that holds only these paths (`TemplateValue.keeping(_:)`) renders exactly the same.
    public func readPaths(of name: String) -> Set<ReadPath>? {
        guard let template = templates[name] else { return nil }
        var reader = ReadPathReader(library: self)
        let root = ReadPathReader.Scope(stack: [[[]]], overrides: [])
        guard reader.include(name, template, root) else { return nil }
        return reader.paths
    }
}

/// The walk behind `readPaths(of:)`: the renderer's steps, with each context a set of the paths it
/// may have come from instead of a value.
struct ReadPathReader {
    /// Where the walk stands: the contexts from the data outward (each the paths its value may
    /// have come from), the blocks the enclosing parent tags pass, outermost first, and whether
    /// the renderer indents lines there (`indented`).
    struct Scope: Hashable {
        var stack: [Set<[String]>]
        var overrides: [TemplateNode.Block]
        /// An enclosing standalone partial or parent tag, or an overridden standalone slot, adds
        /// indentation; an inline tag renders its template unindented, as the renderer does.
        var indented = false

        /// The scope inside a partial or parent tag with `indentation` (nil: inline).
        func including(indentation: String?) -> Scope {
            var inner = self
            inner.indented = indentation.map { indented || !$0.isEmpty } ?? false
            return inner
        }
    }

    /// How often one template may be open inside itself: a parent recursing through its own
    /// blocks ends within a few levels, a partial recursing into sections never does.
    static let maxNesting = 8
    /// Past this many paths the walk gives up rather than grow without bound.
    static let maxPaths = 50_000

    let library: TemplateLibrary
    var paths: Set<ReadPath> = []
    /// Partials read apart (`readPaths(of:apart:)`): not followed, but listed with what they read.
    var apart: ((String) -> Bool)?
    var sites: [PartialSite] = []
    /// Templates read in a scope already: reading one again in the same scope adds nothing.
    private var visited: Set<Visit> = []
    /// How many times each template is open right now.
    private var open: [String: Int] = [:]

    private struct Visit: Hashable {
        var name: String
        var scope: Scope
    }

    init(library: TemplateLibrary) {
        self.library = library
    }

    /// Reads `template` as included in `scope`; false when the walk must give up.
    mutating func include(_ name: String, _ template: Template, _ scope: Scope) -> Bool {
        guard visited.insert(Visit(name: name, scope: scope)).inserted else { return true }
        let depth = open[name, default: 0]
        guard depth < Self.maxNesting else { return false }
        open[name] = depth + 1
        defer { open[name] = depth }
        return read(template.nodes, scope)
    }

    private mutating func read(_ nodes: [TemplateNode], _ scope: Scope) -> Bool {
        for node in nodes {
            guard read(node, scope), paths.count <= Self.maxPaths else { return false }
        }
        return true
    }

    private mutating func read(_ node: TemplateNode, _ scope: Scope) -> Bool {
        switch node {
        case .text:
            return true
        case .variable(let variable):
            note(resolve(variable.path, scope), .value)
            return true
        case .section(let section):
            let found = resolve(section.path, scope)
            note(found, .section)
            var inner = scope
            inner.stack.append(found)
            return read(section.children, inner)
        case .invertedSection(let section):
            note(resolve(section.path, scope), .section)
            return read(section.children, scope)
        case .partial(let partial):
            if case .named(let name) = partial.name, let apart, apart(name), let template = library.templates[name] {
                return readApart(name, template, partial.indentation, scope)
            }
            return include(partial.name, scope.including(indentation: partial.indentation))
        case .parent(let parent):
            // The first block of a name wins, so a later one of the same name changes nothing:
            // leaving it out keeps a parent that includes itself in the scope it was read in.
            var inner = scope.including(indentation: parent.indentation)
            for argument in parent.arguments where !inner.overrides.contains(where: { $0.name == argument.name }) {
                inner.overrides.append(argument)
            }
            return include(parent.name, inner)
        case .block(let block):
            guard let override = scope.overrides.first(where: { $0.name == block.name }) else { return read(block.children, scope) }
            var inner = scope
            inner.indented = scope.indented || !(block.indentation ?? "").isEmpty
            return read(override.children, inner)
        }
    }

    /// Reads the template a partial or parent tag names; a missing one renders nothing. A dynamic
    /// name may name any template.
    private mutating func include(_ reference: TemplateReference, _ scope: Scope) -> Bool {
        switch reference {
        case .named(let name):
            guard let template = library.templates[name] else { return true }
            return include(name, template, scope)
        case .dynamic(let path):
            note(resolve(path, scope), .value)
            for name in library.names where !include(name, library.templates[name]!, scope) { return false }
            return true
        }
    }

    /// Reads a partial kept apart on its own, in the scope where it stands, and lists it.
    private mutating func readApart(_ name: String, _ template: Template, _ indentation: String?, _ scope: Scope) -> Bool {
        var reader = ReadPathReader(library: library)
        guard reader.include(name, template, scope.including(indentation: indentation)) else { return false }
        let site = PartialSite(
            name: name, indentation: indentation, isIndented: scope.indented, isNested: scope.stack.count > 1, paths: reader.paths)
        sites.append(site)
        return true
    }

    /// The paths a name may read: `.` is the innermost context; otherwise the first key may be
    /// found in any context, from the innermost out to the data itself.
    private func resolve(_ path: ValuePath, _ scope: Scope) -> Set<[String]> {
        guard !path.keys.isEmpty else { return scope.stack[scope.stack.count - 1] }
        var found: Set<[String]> = []
        for context in scope.stack {
            for prefix in context { found.insert(prefix + path.keys) }
        }
        return found
    }

    private mutating func note(_ found: Set<[String]>, _ use: ReadPath.Use) {
        for keys in found { paths.insert(ReadPath(keys, use)) }
    }
}
