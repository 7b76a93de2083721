import Mustache
import Testing

/// Long values are escaped once per library and reused (`EscapeMemo`): what prints must be what
/// escaping each value gives, however many long values come and go.
struct EscapeMemoTests {
    private static let entities: [Character: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;"]

    private static func escaped(_ value: String) -> String {
        value.map { entities[$0] ?? String($0) }.joined()
    }

    /// A long value full of quotes, like the format rules' JSON; `seed` makes each one different.
    private static func long(_ seed: Int) -> String {
        String(repeating: #"{"a":"<\#(seed)>",'b':&x}"#, count: 40)
    }

    @Test("a long value prints escaped on every render, and raw in {{{x}}}")
    func longValuePrintsTheSameEveryTime() throws {
        let library = try TemplateLibrary(templates: ["t": #"<div data-x="{{x}}">{{{x}}}</div>"#])
        let value = Self.long(1)
        for _ in 0..<3 {
            #expect(try library.render("t", data: ["x": .string(value)]) == #"<div data-x=""# + Self.escaped(value) + #"">"# + value + "</div>")
        }
    }

    @Test("each of many long values, of the same length and more than the memo holds, prints its own bytes")
    func manyLongValuesPrintTheirOwn() throws {
        let library = try TemplateLibrary(templates: ["t": "{{x}}"])
        let values = (0..<9).map(Self.long)
        #expect(Set(values.map(\.utf8.count)).count == 1)
        for value in values + values.reversed() {
            #expect(try library.render("t", data: ["x": .string(value)]) == Self.escaped(value))
        }
    }

    @Test("a long value that only compares equal to one already printed (é composed or not) prints its own bytes")
    func canonicallyEqualValuePrintsItsOwnBytes() throws {
        let library = try TemplateLibrary(templates: ["t": "{{x}}"])
        let composed = String(repeating: "caf\u{E9} \"&\" ", count: 60)
        let decomposed = String(repeating: "cafe\u{301} \"&\" ", count: 60)
        #expect(composed == decomposed)
        #expect(try library.render("t", data: ["x": .string(composed)]).utf8.elementsEqual(Self.escaped(composed).utf8))
        #expect(try library.render("t", data: ["x": .string(decomposed)]).utf8.elementsEqual(Self.escaped(decomposed).utf8))
    }
}
