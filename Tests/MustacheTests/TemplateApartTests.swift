import Mustache
import Testing

/// `render(_:data:apart:into:)`: a template's render with some inclusions left out, and where
/// each would have gone.
struct TemplateApartTests {
    /// The locating tests' data: both cut a render apart where the same values stand.
    static var data: TemplateValue { TemplateLocatingTests.data }

    static func library(section: String) throws -> TemplateLibrary {
        try TemplateLibrary(templates: [
            "section": section,
            "leaf": "<div>\n{{name}}\n</div>\n",
            "other": "<p>{{#items}}{{.}}{{/items}}</p>\n",
        ])
    }

    @Test(
        "writing what each left-out template renders alone where it was cut gives the whole render",
        arguments: [
            "<fieldset>\n{{> leaf}}\n{{> other}}\n</fieldset>\n", "{{> leaf}}{{> leaf}}", "<b>{{> other}}</b>{{#flag}}\n{{> leaf}}\n{{/flag}}",
            "{{^flag}}{{> leaf}}{{/flag}}<i>{{> other}}</i>",
        ])
    func cutsEachUnindentedInclusion(section: String) throws {
        let library = try Self.library(section: section)
        var own: [UInt8] = Array("before".utf8)
        let cuts = try library.render("section", data: Self.data, apart: ["leaf", "other"], into: &own)
        var spliced: [UInt8] = []
        var cursor = 0
        for cut in cuts {
            spliced.append(contentsOf: own[cursor..<cut.at])
            spliced.append(contentsOf: (try library.render(cut.template, data: Self.data)).utf8)
            cursor = cut.at
        }
        spliced.append(contentsOf: own[cursor...])
        #expect(String(decoding: spliced, as: UTF8.self) == "before" + (try library.render("section", data: Self.data)))
        #expect(cuts.allSatisfy { $0.at >= 6 })
    }

    @Test("renders an indented inclusion where it stands, and lists it nowhere")
    func keepsAnIndentedInclusion() throws {
        let library = try Self.library(section: "<fieldset>\n  {{> leaf}}\n{{> other}}\n</fieldset>\n")
        var own: [UInt8] = []
        let cuts = try library.render("section", data: Self.data, apart: ["leaf", "other"], into: &own)
        #expect(cuts.map(\.template) == ["other"])
        #expect(String(decoding: own, as: UTF8.self).contains("  Ada &amp; co"))
    }

    /// An inline inclusion inside an indented partial: its render would leave the line as its
    /// last line leaves it (started), and the text after it, indented again, is indented; a cut
    /// would leave it unstarted. So it is rendered in place; so is a standalone one at column 0
    /// there, which takes the partial's indentation. Failed when the inline one was cut.
    @Test(
        "renders an inclusion where an enclosing partial's indentation is in force, and lists it nowhere",
        arguments: ["<b>{{> leaf}}</b>\n", "<b>\n{{> leaf}}\n</b>\n"])
    func keepsAnInclusionInsideAnIndentedPartial(row: String) throws {
        let section = "<p>\n  {{> row}}\n</p>\n"
        let library = try TemplateLibrary(templates: ["section": section, "row": row, "leaf": "<div>\n{{name}}\n</div>\n"])
        var own: [UInt8] = []
        let cuts = try library.render("section", data: Self.data, apart: ["leaf"], into: &own)
        #expect(cuts.isEmpty)
        #expect(String(decoding: own, as: UTF8.self) == (try library.render("section", data: Self.data)))
    }
}
