import Testing
@testable import CardEngine

/// The small automaton that reads Google's postal regular expressions.
@Suite("Postal-code patterns")
struct CountriesPostalPatternTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let pattern: String
        let input: String
        let matches: Bool
        let viable: Bool
        var testDescription: String { "\(pattern) ← \"\(input)\"" }
    }

    static let cases: [Case] = [
        Case(pattern: #"\d{5}"#, input: "12345", matches: true, viable: true),
        Case(pattern: #"\d{5}"#, input: "123", matches: false, viable: true),
        Case(pattern: #"\d{5}"#, input: "123456", matches: false, viable: false),
        Case(pattern: #"\d{5}"#, input: "12a", matches: false, viable: false),
        Case(pattern: #"\d{5}"#, input: "", matches: false, viable: true),
        Case(pattern: #"(\d{5})(?:[ \-](\d{4}))?"#, input: "12345-6789", matches: true, viable: true),
        Case(pattern: #"(\d{5})(?:[ \-](\d{4}))?"#, input: "12345-", matches: false, viable: true),
        Case(pattern: #"(\d{5})(?:[ \-](\d{4}))?"#, input: "12345 678", matches: false, viable: true),
        Case(pattern: #"\d{4,5}|\d{3}-\d{4}"#, input: "123-4567", matches: true, viable: true),
        Case(pattern: #"\d{4,5}|\d{3}-\d{4}"#, input: "1234", matches: true, viable: true),
        Case(pattern: #"\d{4,5}|\d{3}-\d{4}"#, input: "1234-", matches: false, viable: false),
        Case(pattern: "[ABD-HJ]X", input: "EX", matches: true, viable: true),
        Case(pattern: "[ABD-HJ]X", input: "CX", matches: false, viable: false),
        Case(pattern: "[^A]", input: "B", matches: true, viable: true),
        Case(pattern: "A*B", input: "AAAB", matches: true, viable: true),
        Case(pattern: "A+", input: "", matches: false, viable: true),
        Case(pattern: #"\d{2,}"#, input: "123456", matches: true, viable: true),
        // Bahrain writes anchors and word boundaries at the pattern's edges: no-ops for us.
        Case(pattern: #"(?:^|\b)(?:1[0-2]|[1-9])\d{2}(?:$|\b)"#, input: "317", matches: true, viable: true),
        Case(pattern: #"(?:^|\b)(?:1[0-2]|[1-9])\d{2}(?:$|\b)"#, input: "1317", matches: false, viable: false),
    ]

    @Test("a pattern says whether the whole input matches and whether it can still grow into a match",
          arguments: cases)
    func evaluates(_ testCase: Case) throws {
        let verdict = try PostalPattern(testCase.pattern).evaluate(testCase.input)
        #expect(verdict.matches == testCase.matches)
        #expect(verdict.isViablePrefix == testCase.viable)
    }

    @Test("syntax outside the supported subset is refused", arguments: [
        "(?=a)", "a{2", "[a-", "(a", "a)", #"\w"#, "a{99}", "a.b", "?", #"\"#, "[z-a]", "a{3,2}",
    ])
    func unsupportedSyntaxRefused(_ pattern: String) {
        #expect(throws: CountryDataError.self) { try PostalPattern(pattern) }
    }

    @Test("deep nesting is refused instead of exhausting the stack")
    func deepNestingRefused() {
        let pattern = String(repeating: "(", count: 40) + "a" + String(repeating: ")", count: 40)
        #expect(throws: CountryDataError.self) { try PostalPattern(pattern) }
    }
}
