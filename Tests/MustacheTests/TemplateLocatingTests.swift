import Mustache
import Testing

/// `render(_:data:locating:)`: a page and the part it includes, from one render.
struct TemplateLocatingTests {
    static let data: TemplateValue = ["name": "Ada & co", "items": [1, 2], "flag": true]

    static func library(page: String) throws -> TemplateLibrary {
        try TemplateLibrary(templates: [
            "page": page,
            "form": "<form>\n  {{name}}\n  {{#items}}<i>{{.}}</i>{{/items}}\n</form>\n",
        ])
    }

    @Test(
        "hands back the part as it renders alone when the page includes it unindented from the root",
        arguments: ["<main>\n{{> form}}\n</main>\n", "<main>{{> form}}</main>", "{{> form}}{{> form}}", "{{#flag}}x{{/flag}}\n{{> form}}"])
    func locatesAnUnindentedInclusion(page: String) throws {
        let library = try Self.library(page: page)
        let (text, part) = try library.render("page", data: Self.data, locating: "form")
        #expect(text == (try library.render("page", data: Self.data)))
        let alone = try library.render("form", data: Self.data)
        #expect(part.map { String(decoding: $0, as: UTF8.self) } == alone)
    }

    @Test(
        "hands back no part when the page renders it otherwise than alone, or not at all",
        arguments: [
            "<main>\n  {{> form}}\n</main>\n",  // indented: every line of the part changes
            "{{#flag}}\n{{> form}}\n{{/flag}}\n",  // inside a section: names resolve from another context
            "<main></main>",
        ])
    func refusesAnInclusionThatRendersDifferently(page: String) throws {
        let library = try Self.library(page: page)
        let (text, part) = try library.render("page", data: Self.data, locating: "form")
        #expect(text == (try library.render("page", data: Self.data)))
        #expect(part == nil)
    }

    @Test("hands back no part for a partial overridden by a parent's blocks")
    func refusesAnInclusionUnderOverrides() throws {
        let library = try TemplateLibrary(templates: [
            "page": "{{< layout}}{{$slot}}B{{/slot}}{{/layout}}",
            "layout": "{{> form}}",
            "form": "<form>{{$slot}}A{{/slot}}</form>",
        ])
        let (text, part) = try library.render("page", data: [:], locating: "form")
        #expect(text == "<form>B</form>")
        #expect(part == nil)
    }

    @Test("hands back no part when the page includes it as a parent with blocks of its own")
    func refusesTheLocatedTemplateAsAParent() throws {
        let library = try TemplateLibrary(templates: [
            "page": "<main>{{< form}}{{$slot}}B{{/slot}}{{/form}}</main>",
            "form": "<form>{{$slot}}A{{/slot}}</form>",
        ])
        let (text, part) = try library.render("page", data: [:], locating: "form")
        #expect(text == "<main><form>B</form></main>")
        #expect(part == nil)
    }
}
