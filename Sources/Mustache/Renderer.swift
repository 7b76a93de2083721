/// Steps through a library's lowered operations with a context stack, appending every byte to one
/// growing buffer.
///
/// Recursion (sections, partials, parents, blocks) is counted, so that no template — however it
/// includes itself — can run the stack out: past `maxDepth` rendering stops with an error.
struct Renderer: ~Copyable {
    static let maxDepth = 100
    /// Past this output size (bytes) rendering stops: a template including itself twice per level,
    /// or a long value inside sections over lists nested a few deep, would otherwise grow without
    /// bound long before it nests too deep or takes too many steps. Checked before each nested
    /// part (a section's pass, an inclusion, a block), so the output passes it by at most what one
    /// part's own text and values write.
    static let maxOutput = 1 << 26
    /// Past this many operations rendering stops: sections over a list nested in themselves
    /// (`{{#items}}{{#items}}…`) repeat exponentially without writing a byte. A form page takes a
    /// few hundred, the gallery of every state about 22,000.
    static let maxSteps = 1 << 20

    var output: RenderBuffer
    let program: Program
    let ops: UnsafeBufferPointer<Program.Op>
    let arena: UnsafeBufferPointer<UInt8>
    let escapes: EscapeMemo
    /// The context stack; the innermost context is last.
    var stack: [TemplateValue]
    /// Arguments of the parents being rendered (indices into `program.arguments`), outermost first:
    /// the first match wins, so the child that started an inheritance chain overrides its ancestors.
    private var overrides: [Int32] = []
    /// The indentation the current template text takes at the start of each line.
    var indentation: [UInt8] = []
    /// Whether the next template text starts a line, and so takes the indentation first.
    var atLineStart = true
    private var depth = 0
    private var steps = 0
    /// The template whose output `locatedRange` is to hold (`TemplateLibrary.render(_:data:locating:)`), or -1.
    var located: Int32 = -1
    /// Where the first inclusion of `located` that rendered as that template alone would (from the
    /// root context, unindented, with no block overrides) wrote its output.
    var locatedRange: Range<Int>?
    /// Templates not rendered where a partial tag includes them unindented with no block overrides
    /// (`TemplateLibrary.render(_:data:apart:into:)`): each such inclusion is listed in `cuts`.
    var apart: [Int32] = []
    /// Each inclusion left out (`apart`), in output order: the template and where its output would start.
    var cuts: [(template: Int32, at: Int)] = []

    /// Why rendering stopped, with the operation where it did. Kept this small on purpose: every
    /// recursive frame reserves room for what it may throw, so the full `TemplateError` (built
    /// once, by `templateError(in:templates:)`) would cost stack on every level.
    enum Stop: Error {
        case tooDeep(at: Int)
        case outputTooLarge(at: Int)
        case tooManySteps(at: Int)
    }

    init(
        program: Program, ops: UnsafeBufferPointer<Program.Op>, arena: UnsafeBufferPointer<UInt8>,
        data: TemplateValue, escapes: EscapeMemo, capacity: Int
    ) {
        self.output = RenderBuffer(capacity: capacity)
        self.program = program
        self.escapes = escapes
        self.ops = ops
        self.arena = arena
        self.stack = [data]
    }

    /// Renders template number `number`.
    mutating func render(template number: Int32) throws(Stop) {
        let range = program.templates[Int(number)]
        try run(Int(range.lowerBound)..<Int(range.upperBound))
        // The bound is checked before each nested part, so the last part may have crossed it with
        // its own lines (indented, they can add more than the input's size): checked once more,
        // so no render that succeeds ever passes it.
        guard output.count <= Self.maxOutput else { throw .outputTooLarge(at: max(Int(range.lowerBound), Int(range.upperBound) - 1)) }
    }

    private mutating func run(_ range: Range<Int>) throws(Stop) {
        var index = range.lowerBound
        while index < range.upperBound {
            steps += 1
            guard steps <= Self.maxSteps else { throw .tooManySteps(at: index) }
            switch ops[index] {
            case .text(let slice, let endsLine):
                appendText(slice, endsLine: endsLine)
                index += 1
            case .variable(let keys, let escaped):
                appendValue(resolve(keys), escaped: escaped)
                index += 1
            case .section(let keys, let end):
                try renderSection(resolve(keys), body: index + 1..<Int(end), at: index)
                index = Int(end)
            case .inverted(let keys, let end):
                if !resolve(keys).isTruthy { try nested(index + 1..<Int(end), at: index) }
                index = Int(end)
            case .partial(let inclusion):
                try include(inclusion, at: index)
                index += 1
            case .parent(let inclusion, let end):
                try include(inclusion, at: index)
                index = Int(end)
            case .block(let name, let end, let extra):
                try renderBlock(name, defaultBody: index + 1..<Int(end), indentation: extra, at: index)
                index = Int(end)
            }
        }
    }

    /// Renders a section's body over `value`, which `resolve` copied out for it: the context
    /// stack takes that copy itself rather than a second one (a retain and a release each).
    private mutating func renderSection(_ value: consuming TemplateValue, body: Range<Int>, at index: Int) throws(Stop) {
        if case .list(let items) = value {
            for item in items {
                stack.append(item)
                defer { stack.removeLast() }
                try nested(body, at: index)
            }
        } else if value.isTruthy {
            stack.append(consume value)
            defer { stack.removeLast() }
            try nested(body, at: index)
        }
    }

    /// Renders a partial or a parent in place. A standalone tag adds its indentation; a tag that
    /// shares its line renders the template unindented, as if its text were pasted there. A
    /// parent's arguments join the overrides after those already there.
    private mutating func include(_ number: Int32, at index: Int) throws(Stop) {
        let inclusion = program.inclusions[Int(number)]
        guard let template = lookUp(inclusion.target) else { return }
        // Swapping the indentation out (or truncating it back) restores it without copying it.
        // Nothing is appended or removed when there is nothing to: an empty array grows storage
        // on any append, even of nothing, and most inclusions change neither list.
        var outer: [UInt8] = []
        let outerCount = indentation.count
        let savedOverrides = overrides.count
        if inclusion.indentation.isNone {
            if !indentation.isEmpty { swap(&outer, &indentation) }
        } else {
            if inclusion.indentation.count > 0 { indentation.append(contentsOf: arena[inclusion.indentation.range]) }
            atLineStart = true
        }
        defer {
            if !outer.isEmpty { swap(&outer, &indentation) }
            if indentation.count > outerCount { indentation.removeSubrange(outerCount...) }
            if overrides.count > savedOverrides { overrides.removeSubrange(savedOverrides...) }
        }
        // Only where no indentation is in force, before the tag or through it: an inline tag
        // swaps the outer indentation out, and its render would leave `atLineStart` as its last
        // line does, which the text after it, indented again, depends on; a cut leaves it as it was.
        if !apart.isEmpty, apart.contains(template), overrides.isEmpty, inclusion.arguments.isEmpty, outerCount == 0, indentation.isEmpty {
            cuts.append((template, output.count))
            return
        }
        // No overrides from outside, and none this inclusion brings (`{{< form}}{{$slot}}…`).
        let rendersAsAlone = template == located && locatedRange == nil && stack.count == 1 && overrides.isEmpty
            && inclusion.arguments.isEmpty && indentation.isEmpty
        if !inclusion.arguments.isEmpty { overrides.append(contentsOf: inclusion.arguments) }
        let range = program.templates[Int(template)]
        let start = output.count
        try nested(Int(range.lowerBound)..<Int(range.upperBound), at: index)
        if rendersAsAlone { locatedRange = start..<output.count }
    }

    /// Renders the overriding content if a parent was given this block, else the default content.
    private mutating func renderBlock(
        _ name: Int32, defaultBody: Range<Int>, indentation extra: Program.Slice, at index: Int
    ) throws(Stop) {
        guard let argument = overrides.first(where: { program.arguments[Int($0)].name == name }) else {
            try nested(defaultBody, at: index)
            return
        }
        let body = program.arguments[Int(argument)].body
        let saved = indentation.count
        if extra.count > 0 { indentation.append(contentsOf: arena[extra.range]) }
        defer { if indentation.count > saved { indentation.removeSubrange(saved...) } }
        try nested(Int(body.lowerBound)..<Int(body.upperBound), at: index)
    }

    private mutating func nested(_ range: Range<Int>, at index: Int) throws(Stop) {
        guard output.count <= Self.maxOutput else { throw .outputTooLarge(at: index) }
        guard depth < Self.maxDepth else { throw .tooDeep(at: index) }
        depth += 1
        defer { depth -= 1 }
        try run(range)
    }

    private func lookUp(_ target: Program.Target) -> Int32? {
        switch target {
        case .template(let number):
            return number < 0 ? nil : number
        case .dynamic(let keys):
            guard case .string(let name) = resolve(keys) else { return nil }
            return program.numbers[name]
        }
    }

    /// Resolves a name as the spec says: `.` is the top of the stack; otherwise the first key is
    /// looked up from the top of the stack down, and the rest only inside what it found.
    func resolve(_ keys: Program.Keys) -> TemplateValue {
        guard keys.count > 0 else { return stack[stack.count - 1] }
        let start = Int(keys.start)
        var index = stack.count - 1
        while index >= 0 {
            if keys.count == 1 {
                if let found = stack[index].member(program.keys[start], hash: program.keyHashes[start]) { return found }
            } else if let found = stack[index].member(
                at: start..<start + Int(keys.count), keys: program.keys, hashes: program.keyHashes
            ) {
                return found
            }
            index -= 1
        }
        return .null
    }

}

extension Renderer.Stop {
    /// The error this stop reports, located at the tag where rendering stopped.
    func templateError(in program: Program, templates: [String: Template]) -> TemplateError {
        let (code, message, index): (TemplateError.Code, String, Int) = switch self {
        case .tooDeep(let index):
            (.recursionTooDeep,
             "rendering nests more than \(Renderer.maxDepth) levels deep here; does a partial or parent include itself?",
             index)
        case .outputTooLarge(let index):
            (.outputTooLarge, "rendering stopped: the output passed \(Renderer.maxOutput) bytes", index)
        case .tooManySteps(let index):
            (.renderingTooLong,
             "rendering stopped after \(Renderer.maxSteps) steps here; is a section over a list nested in itself?", index)
        }
        let location = program.locations[index]
        guard let template = templates[location.templateName] else {
            return TemplateError(
                code: code, message: message, templateName: location.templateName,
                line: location.line, column: location.column)
        }
        return template.error(code, message, at: location)
    }
}
