/// A set of compiled templates that can include each other by name, ready to render.
///
/// Everything compiles when the library is built; rendering steps through the compiled form and
/// never parses. A library is a value: build a new one to reload.
public struct TemplateLibrary: Sendable {
    /// The compiled templates by name.
    public let templates: [String: Template]
    /// Every template lowered for rendering.
    private let program: Program
    /// Long values' escaped bytes (`keepEscaped(_:)`), shared by this library's copies.
    private let escapes: EscapeMemo

    /// A library with no templates.
    public init() {
        self.templates = [:]
        self.program = Program([:])
        self.escapes = EscapeMemo()
    }

    private init(compiled templates: [String: Template]) {
        self.templates = templates
        self.program = Program(templates)
        self.escapes = EscapeMemo()
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
            // A file that could not be read is shadowed like any other by a later layer's template.
            errors.removeAll { read.entries[$0.templateName] != nil }
            entries.merge(read.entries) { _, later in later }
            for error in read.errors {
                entries[error.templateName] = nil
                errors.append(error)
            }
        }
        var templates: [String: Template] = [:]
        for name in entries.keys.sorted() {
            let entry = entries[name]!
            do {
                templates[name] = try Template(name: name, source: entry.source, path: entry.path)
            } catch {
                errors.append(error)
            }
        }
        let library = TemplateLibrary(compiled: templates)
        errors = errors.enumerated()
            .sorted { ($0.element.templateName, $0.offset) < ($1.element.templateName, $1.offset) }
            .map(\.element)
        return (library, errors)
    }

    /// This library with `layer` on top: its templates replace those of the same name. Templates
    /// already compiled are kept as they are.
    public func overlaid(with layer: TemplateSource) throws(TemplateError) -> TemplateLibrary {
        let top = try TemplateLibrary([layer])
        return TemplateLibrary(compiled: templates.merging(top.templates) { _, later in later })
    }

    /// Escapes `text` once, now: wherever a render of this library (or of a copy) prints the same
    /// text escaped (`{{name}}`), it copies these bytes instead of escaping it again. For long
    /// values that every render prints, such as a page's format rules; what prints is unchanged.
    /// Texts under 512 bytes are not kept: escaping them costs what finding them would.
    public func keepEscaped(_ text: String) {
        escapes.keep(text)
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
        _ = try render(name, data: data, locating: nil) { bytes, _ in
            // Every byte comes from a Swift string or a template's text, cut only before or after an
            // ASCII character, so the bytes are valid UTF-8: validating them again would cost more
            // than rendering a page that holds any non-ASCII text.
            output += String(copying: UTF8Span(unchecked: bytes.span))
        }
    }

    /// Renders like `render(_:data:)`, appending UTF-8 to `bytes`: what an HTTP response sends,
    /// without building a `String` first. On error, `bytes` is left as it was.
    public func render(_ name: String, data: TemplateValue, into bytes: inout [UInt8]) throws(TemplateError) {
        _ = try render(name, data: data, locating: nil) { rendered, _ in bytes.append(contentsOf: rendered) }
    }

    /// Renders template `name` as `render(_:data:)` does, and hands back too what template
    /// `partial` rendered alone with `data` would give, when `name` includes it so (from the root
    /// context, unindented, with no block overrides): its output is then taken from `name`'s, and a
    /// caller needing both renders once. Nil when `name` renders `partial` in any other way or not
    /// at all.
    public func render(_ name: String, data: TemplateValue, locating partial: String) throws(TemplateError) -> (text: String, partial: [UInt8]?) {
        try render(name, data: data, locating: partial) { bytes, located in
            // Valid UTF-8 without a check: see `render(_:data:into:)` for text.
            (String(copying: UTF8Span(unchecked: bytes.span)), located.map { Array(UnsafeBufferPointer(rebasing: bytes[$0])) })
        }
    }

    /// Renders like `render(_:data:into:)`, but writes nothing where a partial tag includes one of
    /// the templates `apart` where no indentation is in force (the tag's own, or one an enclosing
    /// standalone tag or block adds) and with no block overrides: returns each such place, in
    /// order, as the template's name and the offset in `bytes` where its output would have started.
    /// A caller that writes there what the template renders alone gets `render(_:data:into:)`'s
    /// bytes whenever the template, where it stands, reads what it reads alone.
    public func render(
        _ name: String, data: TemplateValue, apart: [String], into bytes: inout [UInt8]
    ) throws(TemplateError) -> [(template: String, at: Int)] {
        let start = bytes.count
        let numbered = apart.compactMap { name in program.numbers[name].map { (name: name, number: $0) } }
        let cuts = try render(name, data: data, locating: nil, apart: numbered.map(\.number)) { rendered, _, cuts in
            bytes.append(contentsOf: rendered)
            return cuts
        }
        return cuts.map { cut in (numbered.first { $0.number == cut.template }!.name, start + cut.at) }
    }

    /// Renders into the renderer's own buffer and hands `take` its bytes, with where `partial`
    /// rendered alone (see `render(_:data:locating:)`); the buffer is freed when `take` returns.
    private func render<Result>(
        _ name: String, data: TemplateValue, locating partial: String?,
        take: (UnsafeBufferPointer<UInt8>, Range<Int>?) -> Result
    ) throws(TemplateError) -> Result {
        try render(name, data: data, locating: partial, apart: []) { bytes, located, _ in take(bytes, located) }
    }

    /// `render(_:data:locating:take:)`, leaving out the inclusions of `apart` (template numbers),
    /// which `take` is handed too (`Renderer.cuts`).
    private func render<Result>(
        _ name: String, data: TemplateValue, locating partial: String?, apart: [Int32],
        take: (UnsafeBufferPointer<UInt8>, Range<Int>?, [(template: Int32, at: Int)]) -> Result
    ) throws(TemplateError) -> Result {
        guard let number = program.numbers[name] else {
            throw TemplateError(
                code: .templateNotFound, message: "no template named '\(name)'", templateName: name)
        }
        let rendered: Swift.Result<Result, Renderer.Stop> = program.ops.withUnsafeBufferPointer { ops in
            program.arena.withUnsafeBufferPointer { arena in
                var renderer = Renderer(
                    program: program, ops: ops, arena: arena, data: data, escapes: escapes, capacity: Self.initialCapacity)
                renderer.located = partial.flatMap { program.numbers[$0] } ?? -1
                renderer.apart = apart
                do throws(Renderer.Stop) {
                    try renderer.render(template: number)
                } catch {
                    return .failure(error)
                }
                let located = renderer.locatedRange
                let cuts = renderer.cuts
                return .success(renderer.output.withBytes { take($0, located, cuts) })
            }
        }
        switch rendered {
        case .success(let result): return result
        case .failure(let stop): throw stop.templateError(in: program, templates: templates)
        }
    }

    /// What a render's buffer starts with: a whole form page (~12.6 KB with the default
    /// templates) fits without growing. Only the bytes written are touched, so a small render
    /// (one block) costs no more than with a smaller buffer.
    private static let initialCapacity = 16 * 1024
}
