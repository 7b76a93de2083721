/// A set of compiled templates that can include each other by name, ready to render.
///
/// Everything compiles when the library is built; rendering walks the compiled trees and never
/// parses. A library is a value: build a new one to reload.
public struct TemplateLibrary: Sendable {
    /// The compiled templates by name.
    public private(set) var templates: [String: Template]

    /// A library with no templates.
    public init() {
        self.templates = [:]
    }

    /// Compiles every template of `layers`, a later layer shadowing an earlier one name by name.
    /// Throws the first problem (by template name) if any template fails to read or compile.
    public init(_ layers: [TemplateSource]) throws(TemplateError) {
        let (library, errors) = Self.load(layers)
        if let first = errors.first { throw first }
        self = library
    }

    /// Compiles every `*.mustache` file under `directory`.
    public init(directory: String) throws(TemplateError) {
        try self.init([.directory(directory)])
    }

    /// Compiles templates given as text, name → source.
    public init(templates: [String: String]) throws(TemplateError) {
        try self.init([.templates(templates)])
    }

    /// Compiles what it can of `layers` and reports every problem: a template that fails to read
    /// or compile is left out of the library and has its error in `errors` (ordered by name).
    public static func load(_ layers: [TemplateSource]) -> (library: TemplateLibrary, errors: [TemplateError]) {
        var entries: [String: TemplateSource.Entry] = [:]
        var errors: [TemplateError] = []
        for layer in layers {
            let read = layer.read()
            entries.merge(read.entries) { _, later in later }
            errors += read.errors
        }
        var library = TemplateLibrary()
        for name in entries.keys.sorted() {
            let entry = entries[name]!
            do {
                library.templates[name] = try Template(name: name, source: entry.source, path: entry.path)
            } catch {
                errors.append(error)
            }
        }
        return (library, errors)
    }

    /// This library with `layer` on top: its templates replace those of the same name. Templates
    /// already compiled are kept as they are.
    public func overlaid(with layer: TemplateSource) throws(TemplateError) -> TemplateLibrary {
        let top = try TemplateLibrary([layer])
        var library = self
        library.templates.merge(top.templates) { _, later in later }
        return library
    }

    /// Every template's name, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// The compiled template called `name`.
    public subscript(name: String) -> Template? { templates[name] }

    /// Renders the template `name` with `data` as the context.
    ///
    /// Partials and parents are looked up in this library; a missing one renders as nothing, as the
    /// spec says. Throws if `name` is missing or rendering nests too deep (a template including
    /// itself without end).
    public func render(_ name: String, data: TemplateValue) throws(TemplateError) -> String {
        var output = ""
        try render(name, data: data, into: &output)
        return output
    }

    /// Renders like `render(_:data:)`, appending to `output`. On error, `output` is left as it was.
    public func render(_ name: String, data: TemplateValue, into output: inout String) throws(TemplateError) {
        guard let template = templates[name] else {
            throw TemplateError(
                code: .templateNotFound, message: "no template named '\(name)'", templateName: name)
        }
        let mark = output.utf8.count
        var renderer = Renderer(templates: templates, data: data)
        swap(&renderer.output, &output)
        do {
            try renderer.render(template.nodes)
            swap(&renderer.output, &output)
        } catch {
            swap(&renderer.output, &output)
            output.removeSubrange(output.utf8.index(output.startIndex, offsetBy: mark)...)
            throw error
        }
    }
}
