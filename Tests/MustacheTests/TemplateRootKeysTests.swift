import Mustache
import Testing

/// `TemplateLibrary.rootKeys(readBy:)`: which top-level data keys a render can read.
struct TemplateRootKeysTests {
    private func keys(_ templates: [String: String], _ name: String = "main") throws -> Set<String>? {
        try TemplateLibrary(templates: templates).rootKeys(readBy: name)
    }

    @Test("the first key of every name, in sections too, through partials and parents; an overridden block's default is not read")
    func firstKeysThroughPartialsAndParents() throws {
        let templates = [
            "main": "{{a.b}}{{#s}}{{inner}}{{^t.u}}{{>part}}{{/t.u}}{{/s}}{{<parent}}{{$slot}}{{arg}}{{/slot}}{{/parent}}",
            "part": "{{fromPartial}}{{>part}}{{>missing}}",
            "parent": "{{fromParent}}{{$slot}}{{default}}{{/slot}}",
        ]
        #expect(try keys(templates) == ["a", "s", "inner", "t", "fromPartial", "fromParent", "arg"])
    }

    @Test("`.` inside a section reads the section's item; at the top, even through a partial, the whole data")
    func implicitIterator() throws {
        #expect(try keys(["main": "{{#list}}{{.}}{{/list}}"]) == ["list"])
        #expect(try keys(["main": "{{#list}}{{>item}}{{/list}}", "item": "{{.}}"]) == ["list"])
        #expect(try keys(["main": "{{.}}"]) == nil)
        #expect(try keys(["main": "{{#list}}{{>item}}{{/list}}{{>item}}", "item": "{{.}}"]) == nil)
    }

    @Test("a dynamic partial or parent name reads the name and what any template reads; an unknown template cannot be read")
    func dynamicNamesAndUnknownTemplates() throws {
        #expect(try keys(["main": "{{>*which}}", "other": "{{x.y}}"]) == ["which", "x"])
        #expect(try keys(["main": "{{<*which}}{{/*which}}", "other": "{{.}}"]) == nil)
        #expect(try keys(["main": "x"], "other") == nil)
    }

    @Test("every spec template renders the same from data holding only its root keys", arguments: SpecSuite.cases)
    func specRendersFromRootKeysAlone(_ spec: SpecCase) throws {
        var sources = spec.partials
        sources[SpecCase.templateName] = spec.template
        let library = try TemplateLibrary(templates: sources)
        guard let keys = library.rootKeys(readBy: SpecCase.templateName), case .object(let data) = spec.data else { return }
        let reduced = TemplateValue.object(data.filter { keys.contains($0.key) })
        #expect(try library.render(SpecCase.templateName, data: reduced) == spec.expected)
    }
}
