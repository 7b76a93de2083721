import Mustache
import Testing

/// `TemplateLibrary.readPaths(of:apart:)`: what a template reads outside some partials, and each of
/// those partials with what it reads where it stands.
struct TemplateReadPathsApartTests {
    let library = try! TemplateLibrary(templates: [
        "main": "{{<layout}}{{$slot}}{{#s}}{{> leaf}}{{/s}}{{/slot}}{{/layout}}",
        "layout": "{{title}}\n  {{> leaf}}\n{{$slot}}{{/slot}}{{> other}}",
        "leaf": "<div>{{x}}</div>",
        "other": "{{y}}{{> leaf}}",
    ])

    @Test("partials kept apart are listed in render order with their paths, through parents and partials")
    func sites() throws {
        let read = try #require(library.readPaths(of: "main", apart: { $0 == "leaf" }))
        #expect(read.paths.sorted().map(\.description) == ["#s", "title", "y"])
        #expect(read.apart.map(\.name) == ["leaf", "leaf", "leaf"])
        // Indented on its own line in `layout`; inside `{{#s}}` the name may also be `s.x`.
        #expect(read.apart.map(\.indentation) == ["  ", nil, nil])
        #expect(read.apart.map(\.isNested) == [false, true, false])
        #expect(read.apart[1].paths.map(\.description).sorted() == ["s.x", "x"])
        #expect(read.apart[0].paths.map(\.description) == ["x"])
    }

    @Test("with nothing kept apart, the paths are readPaths(of:)'s")
    func nothingApart() throws {
        let read = try #require(library.readPaths(of: "main", apart: { _ in false }))
        #expect(read.paths == library.readPaths(of: "main") && read.apart.isEmpty)
    }
}
