import Foundation
import Mustache
import Testing

struct TemplateValueTests {
    @Test("prints numbers as JavaScript would", arguments: [
        (85.0, "85"), (1.210, "1.21"), (0.1, "0.1"), (-3.0, "-3"), (-0.0, "0"), (1e21, "1e+21"),
        (1.5e-7, "1.5e-7"), (123456789012.0, "123456789012"), (2.5, "2.5"),
    ])
    func printsNumbersAsJavaScriptWould(_ number: Double, _ printed: String) {
        #expect(TemplateValue.number(number).interpolationText == printed)
    }

    @Test("prints booleans, strings and null, and nothing for lists and objects")
    func printsOtherValues() {
        #expect(TemplateValue.bool(true).interpolationText == "true")
        #expect(TemplateValue.bool(false).interpolationText == "false")
        #expect(TemplateValue.string("a<b").interpolationText == "a<b")
        #expect(TemplateValue.null.interpolationText == "")
        #expect(TemplateValue.list([1]).interpolationText == "")
        #expect(TemplateValue.object(["a": 1]).interpolationText == "")
    }

    @Test("is false exactly for null, false, zero, the empty string and the empty list", arguments: [
        (TemplateValue.null, false), (false, false), (0, false), ("", false), ([], false),
        (true, true), (1, true), (-0.5, true), ("0", true), (" ", true), ([nil], true), ([:], true),
    ] as [(TemplateValue, Bool)])
    func isTruthyAsJavaScriptWould(_ value: TemplateValue, _ truthy: Bool) {
        #expect(value.isTruthy == truthy)
    }

    @Test("decodes any JSON value")
    func decodesAnyJSON() throws {
        let json = #"{"s": "x", "n": 1.5, "i": 85, "b": true, "z": null, "l": [1, "a", [false]], "o": {"k": {}}}"#
        let value = try TemplateValue(json: Data(json.utf8))
        #expect(value == [
            "s": "x", "n": 1.5, "i": 85, "b": true, "z": nil, "l": [1, "a", [false]], "o": ["k": [:]],
        ])
        #expect(try TemplateValue(json: Data("\"top\"".utf8)) == "top")
        #expect(try TemplateValue(json: Data("12".utf8)) == 12)
        #expect(try TemplateValue(json: Data("null".utf8)) == .null)
    }

    @Test("refuses text that is not JSON")
    func refusesNonJSON() {
        #expect(throws: (any Error).self) { try TemplateValue(json: Data("{\"a\": ".utf8)) }
    }

    @Test("builds from Swift literals, later duplicate keys winning")
    func buildsFromLiterals() {
        let value: TemplateValue = ["a": 1, "b": [true, nil, 2.5, "x"], "a": "again"]
        #expect(value == .object(["a": .string("again"), "b": .list([.bool(true), .null, .number(2.5), .string("x")])]))
    }

    @Test("answers a key present with null as found, and a missing key as nil")
    func distinguishesNullFromMissing() {
        let value: TemplateValue = ["present": nil]
        #expect(value["present"] == .null)
        #expect(value["absent"] == nil)
        #expect(TemplateValue.string("x")["any"] == nil)
    }
}
