import Mustache
import Testing

/// Long values a library was told to keep escaped (`TemplateLibrary.keepEscaped(_:)`) print the
/// bytes escaped once; whatever else prints, prints escaped as it comes, the same either way.
struct EscapeMemoTests {
    private static let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]

    private static func escaped(_ value: String) -> String {
        value.map { entities[$0] ?? String($0) }.joined()
    }

    /// A long value full of quotes, like the format rules' JSON; `seed` makes each one different.
    private static func long(_ seed: Int) -> String {
        String(repeating: #"{"a":"<\#(seed)>",'b':&x}"#, count: 40)
    }

    @Test("a kept value prints escaped on every render, and raw in {{{x}}}, from the library and its copies")
    func keptValuePrintsTheSameEveryTime() throws {
        let library = try TemplateLibrary(templates: ["t": #"<div data-x="{{x}}">{{{x}}}</div>"#])
        let value = Self.long(1)
        library.keepEscaped(value)
        let copy = library
        for renderer in [library, copy, library] {
            #expect(try renderer.render("t", data: ["x": .string(value)]) == #"<div data-x=""# + Self.escaped(value) + #"">"# + value + "</div>")
        }
    }

    @Test("long values of the same length as a kept one, kept or not, each print their own bytes")
    func otherLongValuesPrintTheirOwn() throws {
        let library = try TemplateLibrary(templates: ["t": "{{x}}"])
        let values = (0..<9).map(Self.long)
        #expect(Set(values.map(\.utf8.count)).count == 1)
        for value in values.prefix(3) { library.keepEscaped(value) }
        for value in values + values.reversed() {
            #expect(try library.render("t", data: ["x": .string(value)]) == Self.escaped(value))
        }
    }

    @Test("a value that only compares equal to a kept one (é composed or not) prints its own bytes")
    func canonicallyEqualValuePrintsItsOwnBytes() throws {
        let library = try TemplateLibrary(templates: ["t": "{{x}}"])
        let composed = String(repeating: "caf\u{E9} \"&\" ", count: 60)
        let decomposed = String(repeating: "cafe\u{301} \"&\" ", count: 60)
        #expect(composed == decomposed)
        library.keepEscaped(composed)
        #expect(try library.render("t", data: ["x": .string(composed)]).utf8.elementsEqual(Self.escaped(composed).utf8))
        #expect(try library.render("t", data: ["x": .string(decomposed)]).utf8.elementsEqual(Self.escaped(decomposed).utf8))
    }
}
