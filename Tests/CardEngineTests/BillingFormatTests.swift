import Testing
import CardEngine

@Suite("Billing formatting as you type")
struct BillingFormatTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let field: FieldType
        let country: String?
        let previous: String
        let raw: String
        let caret: Int
        let value: String
        let caretOut: Int
        var testDescription: String { "\(field) \(country ?? "-") \"\(raw)\"@\(caret) → \"\(value)\"@\(caretOut)" }
    }

    static let cases: [Case] = [
        // Postal codes in capitals where the country writes them so; the caret stays put.
        Case(field: .postalCode, country: "GB", previous: "SW1", raw: "SW1a", caret: 4, value: "SW1A", caretOut: 4),
        Case(field: .postalCode, country: "GB", previous: "SW1A 1AA", raw: "SW1A x1AA", caret: 6,
             value: "SW1A X1AA", caretOut: 6),
        Case(field: .postalCode, country: "CA", previous: "", raw: "k1a 0b1", caret: 7, value: "K1A 0B1", caretOut: 7),
        Case(field: .postalCode, country: "NL", previous: "1234 A", raw: "1234 Ab", caret: 7, value: "1234 AB", caretOut: 7),
        Case(field: .postalCode, country: "CA", previous: "K1A0B1", raw: "K1A 0B1", caret: 4, value: "K1A 0B1", caretOut: 4),
        Case(field: .postalCode, country: "US", previous: "", raw: "95014\t", caret: 6, value: "95014", caretOut: 5),
        Case(field: .postalCode, country: nil, previous: "", raw: "sw1a", caret: 4, value: "sw1a", caretOut: 4),
        Case(field: .postalCode, country: "GB", previous: "", raw: "straße", caret: 6, value: "STRASSE", caretOut: 7),
        // Phone: digits and + ( ) - space kept, anything else dropped, caret after the same digit.
        Case(field: .phoneNumber, country: nil, previous: "", raw: "+1 (415) 555-2671", caret: 17,
             value: "+1 (415) 555-2671", caretOut: 17),
        Case(field: .phoneNumber, country: nil, previous: "", raw: "415.555.2671", caret: 12, value: "4155552671", caretOut: 10),
        Case(field: .phoneNumber, country: nil, previous: "4155552671", raw: "415a5552671", caret: 4,
             value: "4155552671", caretOut: 3),
        Case(field: .phoneNumber, country: nil, previous: "", raw: "tel: 020 7946", caret: 2, value: " 020 7946", caretOut: 0),
        Case(field: .phoneNumber, country: nil, previous: "020", raw: "0207", caret: 2, value: "0207", caretOut: 2),
        // Country code: two letters in capitals.
        Case(field: .countryCode, country: nil, previous: "", raw: "gb", caret: 2, value: "GB", caretOut: 2),
        Case(field: .countryCode, country: nil, previous: "G", raw: "G1b", caret: 3, value: "GB", caretOut: 2),
        Case(field: .countryCode, country: nil, previous: "GB", raw: "GBR", caret: 3, value: "GB", caretOut: 2),
        // Free text: passed through, control characters out, pasted line breaks become spaces.
        Case(field: .addressLine1, country: nil, previous: "", raw: "1 Main St\nApt 2", caret: 15,
             value: "1 Main St Apt 2", caretOut: 15),
        Case(field: .firstName, country: nil, previous: "", raw: "Zo\u{7}ë", caret: 4, value: "Zoë", caretOut: 3),
        Case(field: .city, country: nil, previous: "", raw: "São Paulo", caret: 3, value: "São Paulo", caretOut: 3),
        Case(field: .email, country: nil, previous: "", raw: "Jane@Example.com", caret: 4, value: "Jane@Example.com", caretOut: 4),
        Case(field: .firstName, country: nil, previous: "", raw: "👩‍👩‍👧 Ann", caret: 8, value: "👩‍👩‍👧 Ann", caretOut: 8),
    ]

    @Test("formatting keeps the caret after the same character", arguments: cases)
    func format(_ testCase: Case) {
        let edit = FieldEdit(previous: testCase.previous, raw: testCase.raw, caret: testCase.caret)
        let result = BillingRules.format(testCase.field, edit: edit, country: testCase.country.flatMap(Countries.country))
        #expect(result == FormattedValue(value: testCase.value, caret: testCase.caretOut))
    }

    @Test("formatting caps a value's length", arguments: [
        (FieldType.postalCode, 16), (.phoneNumber, 32), (.countryCode, 2), (.firstName, 256), (.email, 320),
    ])
    func capped(field: FieldType, limit: Int) {
        let raw = String(repeating: "1", count: 1000)
        let result = BillingRules.format(field, edit: FieldEdit(previous: "", raw: raw, caret: 1000), country: nil)
        #expect(result.value.count <= limit)
        #expect(BillingRules.inputLimit(of: field) == limit)
    }
}
