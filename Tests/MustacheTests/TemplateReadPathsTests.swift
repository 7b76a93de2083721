import Mustache
import Testing

/// `TemplateLibrary.readPaths(of:)`: every place in the data a render can read.
struct TemplateReadPathsTests {
    /// The read paths of `name`, printed (`#` marks a section's test) and sorted.
    private func paths(_ templates: [String: String], _ name: String = "main") throws -> [String]? {
        try TemplateLibrary(templates: templates).readPaths(of: name).map { $0.sorted().map(\.description) }
    }

    @Test("a name inside a section reads the section's own key, or the same name further out")
    func sectionContext() throws {
        #expect(try paths(["main": "{{#fields.cardNumber}}{{value}}{{/fields.cardNumber}}"])
            == ["#fields.cardNumber", "fields.cardNumber.value", "value"])
    }

    @Test("nested sections: each name may be found in any context on the stack")
    func nestedSections() throws {
        #expect(try paths(["main": "{{#a}}{{#b}}{{c.d}}{{/b}}{{/a}}"])
            == ["#a", "#a.b", "a.b.c.d", "a.c.d", "#b", "b.c.d", "c.d"])
    }

    @Test("`.` reads the innermost context whole; at the top, the whole data")
    func implicitIterator() throws {
        #expect(try paths(["main": "{{#list}}{{.}}{{/list}}"]) == ["#list", "list"])
        #expect(try paths(["main": "{{#a}}{{#.}}{{x}}{{/.}}{{/a}}"]) == ["#a", "a.x", "x"])
        #expect(try paths(["main": "{{.}}"]) == ["."])
    }

    @Test("an inverted section tests its name and adds no context")
    func invertedSection() throws {
        #expect(try paths(["main": "{{^a}}{{b}}{{/a}}"]) == ["#a", "b"])
    }

    @Test("a partial reads in the context it is included in")
    func partialContext() throws {
        #expect(try paths(["main": "{{#s}}{{>p}}{{/s}}{{>p}}{{>missing}}", "p": "{{x}}"]) == ["#s", "s.x", "x"])
    }

    @Test("an overridden block reads the override, in the context where the parent puts the block")
    func overriddenBlock() throws {
        let templates = [
            "main": "{{<parent}}{{$slot}}{{name}}{{/slot}}{{$unused}}{{never}}{{/unused}}{{/parent}}",
            "parent": "{{#item}}{{$slot}}{{default}}{{/slot}}{{/item}}{{$other}}{{fallback}}{{/other}}",
        ]
        #expect(try paths(templates) == ["fallback", "#item", "item.name", "name"])
    }

    @Test("the outermost parent tag's override wins, down a chain of parents and through partials")
    func outermostOverrideWins() throws {
        let templates = [
            "main": "{{<middle}}{{$slot}}{{fromMain}}{{/slot}}{{/middle}}",
            "middle": "{{<base}}{{$slot}}{{fromMiddle}}{{/slot}}{{/base}}",
            "base": "{{>inner}}",
            "inner": "{{$slot}}{{fromBase}}{{/slot}}",
        ]
        #expect(try paths(templates) == ["fromMain"])
    }

    @Test("a dynamic name reads the name and whatever any template of the library reads")
    func dynamicNames() throws {
        #expect(try paths(["main": "{{>*which}}", "a": "{{x}}", "b": "{{#s}}{{y}}{{/s}}"])
            == ["#s", "s.y", "which", "x", "y"])
        #expect(try paths(["main": "{{<*which}}{{$b}}{{z}}{{/b}}{{/*which}}", "a": "{{$b}}{{/b}}"]) == ["which", "z"])
    }

    @Test("a template including itself in the same context is read once; ever deeper, it cannot be read")
    func recursion() throws {
        #expect(try paths(["main": "{{x}}{{>main}}"]) == ["x"])
        #expect(try paths(["main": "{{x}}{{#next}}{{>main}}{{/next}}"]) == nil)
        #expect(try paths(["main": "x"], "other") == nil)
    }

    @Test("every spec template renders the same from its data kept to its read paths", arguments: SpecSuite.cases)
    func specRendersFromReadPathsAlone(_ spec: SpecCase) throws {
        let library = try spec.library()
        guard let paths = library.readPaths(of: SpecCase.templateName) else {
            // Only templates recursing into ever deeper contexts have no read paths.
            #expect(Self.unbounded.contains(spec.testDescription))
            return
        }
        #expect(try library.render(SpecCase.templateName, data: spec.data.keeping(paths)) == spec.expected)
    }

    /// The spec's templates that may include themselves inside a section without end: the
    /// recursive partials, and dynamic names used inside a section (they may name any template,
    /// the test's own among them).
    private static let unbounded: Set<String> = [
        "partials.json: Recursion", "~dynamic-names.json: Recursion",
        "~dynamic-names.json: Dotted names - Context Stacking",
        "~dynamic-names.json: Dotted names - Context Stacking Under Repetition",
        "~dynamic-names.json: Dotted names - Context Stacking Failed Lookup",
    ]

    @Test("the spec check can fail: paths read as written, ignoring section contexts, break spec templates")
    func contextBlindPathsBreakTheSpec() throws {
        var broken: [String] = []
        for spec in SpecSuite.cases {
            let library = try spec.library()
            let written = Set(library[SpecCase.templateName]!.nodes.writtenPaths)
            let rendered = try library.render(SpecCase.templateName, data: spec.data.keeping(written))
            if rendered != spec.expected { broken.append(spec.name) }
        }
        #expect(broken.contains("Deeply Nested Contexts"))
        #expect(broken.count >= 10)
    }
}

extension SpecCase {
    /// The test's template and partials, compiled.
    func library() throws -> TemplateLibrary {
        var sources = partials
        sources[Self.templateName] = template
        return try TemplateLibrary(templates: sources)
    }
}

extension [TemplateNode] {
    /// A wrong analysis on purpose: every name as written, from the data's root; `.` and
    /// partials are left out.
    fileprivate var writtenPaths: [ReadPath] {
        var paths: [ReadPath] = []
        walk { node in
            switch node {
            case .variable(let variable) where !variable.path.isImplicitIterator:
                paths.append(ReadPath(variable.path.keys, .value))
            case .section(let section), .invertedSection(let section):
                paths.append(ReadPath(section.path.keys, .section))
            default:
                break
            }
        }
        return paths
    }
}

/// Templates the spec leaves out: data read inside overriding blocks and in nested contexts.
struct ReadPathsRenderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var templates: [String: String]
        var data: TemplateValue
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "an override reads in the context of its block",
             templates: ["main": "{{<layout}}{{$slot}}{{label}}={{value}};{{/slot}}{{/layout}}",
                         "layout": "{{#fields}}{{#card}}{{$slot}}-{{/slot}}{{/card}}{{/fields}}{{label}}"],
             data: ["label": "outer", "fields": ["card": ["value": "4242", "other": "x"], "more": 1], "extra": true]),
        Case(name: "a partial over a list reads each item and falls back outward",
             templates: ["main": "{{#items}}{{>item}}{{/items}}", "item": "{{name}}/{{currency}}{{^name}}none{{/name}},"],
             data: ["currency": "EUR", "items": [["name": "a"], ["price": 2], "text"], "unused": ["x": 1]]),
        Case(name: "a key found in an inner context stops the lookup even when empty",
             templates: ["main": "{{#a}}[{{b.c}}]{{/a}}"],
             data: ["a": ["b": ["d": 1]], "b": ["c": "outer"]]),
        Case(name: "the outermost override wins through a chain of parents",
             templates: ["main": "{{<mid}}{{$s}}{{one}}{{/s}}{{/mid}}", "mid": "{{<base}}{{$s}}{{two}}{{/s}}{{/base}}",
                         "base": "{{#ctx}}{{$s}}{{three}}{{/s}}{{/ctx}}"],
             data: ["one": 1, "two": 2, "three": 3, "ctx": ["one": "inner"]]),
    ]

    @Test("renders the same from data kept to its read paths", arguments: cases)
    func rendersFromReadPathsAlone(_ example: Case) throws {
        let library = try TemplateLibrary(templates: example.templates)
        let paths = try #require(library.readPaths(of: "main"))
        let kept = example.data.keeping(paths)
        #expect(kept != example.data)
        #expect(try library.render("main", data: kept) == library.render("main", data: example.data))
    }
}

/// `TemplateValue.keeping(_:)`: what read paths promise to leave.
struct TemplateValueKeepingTests {
    @Test("keeps what the paths name and the way there, drops the rest")
    func keepsPathsOnly() {
        let data: TemplateValue = ["a": ["b": 1, "c": 2], "d": 3]
        #expect(data.keeping([ReadPath(["a", "b"], .value)]) == ["a": ["b": 1]])
    }

    @Test("a value read whole is kept whole; a section's test keeps the object, not its members")
    func wholeAndSection() {
        let data: TemplateValue = ["a": ["b": 1], "c": ["d": 2]]
        #expect(data.keeping([ReadPath(["a"], .value), ReadPath(["c"], .section)]) == ["a": ["b": 1], "c": [:]])
        #expect(data.keeping([ReadPath([], .value)]) == data)
    }

    @Test("lists keep every element, each kept to the same paths; scalars on the way stay as they are")
    func listsAndScalars() {
        let data: TemplateValue = ["items": [["n": 1, "x": 0], "text", ["x": 0]], "s": "word"]
        let kept = data.keeping([ReadPath(["items", "n"], .value), ReadPath(["s", "t"], .value)])
        #expect(kept == ["items": [["n": 1], "text", [:]], "s": "word"])
    }

    @Test("a missing key stays missing")
    func missingStaysMissing() {
        let data: TemplateValue = ["a": [:]]
        #expect(data.keeping([ReadPath(["a", "b", "c"], .value), ReadPath(["z"], .section)]) == ["a": [:]])
    }
}
