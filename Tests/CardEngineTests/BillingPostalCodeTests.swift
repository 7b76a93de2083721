import Testing
import CardEngine

/// Postal codes, validated by the selected country's own format.
@Suite("Billing postal codes")
struct BillingPostalCodeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let country: String?
        let value: String
        let expect: Seen
        var testDescription: String { "\(country ?? "no country") \"\(value)\" → \(expect)" }
    }

    static let cases: [Case] = [
        Case(country: "US", value: "95014", expect: .valid),
        Case(country: "US", value: "22162-1010", expect: .valid),
        Case(country: "US", value: "22162 1010", expect: .valid),
        Case(country: "US", value: "9501", expect: .laterInvalid),
        Case(country: "US", value: "95014-", expect: .laterInvalid),
        Case(country: "US", value: "950145", expect: .invalidNow),
        Case(country: "US", value: "9501A", expect: .invalidNow),
        Case(country: "GB", value: "SW1A 1AA", expect: .valid),
        Case(country: "GB", value: "sw1a 1aa", expect: .valid),
        Case(country: "GB", value: "SW1A1AA", expect: .valid),
        Case(country: "GB", value: "GIR 0AA", expect: .valid),
        Case(country: "GB", value: "BFPO 61", expect: .valid),
        Case(country: "GB", value: "SW1A", expect: .laterInvalid),
        Case(country: "GB", value: "SW1A 1", expect: .laterInvalid),
        Case(country: "GB", value: "SW1A 1AAA", expect: .invalidNow),
        Case(country: "GB", value: "QQ1 1AA", expect: .invalidNow),
        Case(country: "GB", value: "12345", expect: .invalidNow),
        Case(country: "CA", value: "K1A 0B1", expect: .valid),
        Case(country: "CA", value: "k1a0b1", expect: .valid),
        Case(country: "CA", value: "K1A", expect: .laterInvalid),
        Case(country: "CA", value: "D1A 0B1", expect: .invalidNow),
        Case(country: "JP", value: "154-0023", expect: .valid),
        Case(country: "JP", value: "1540023", expect: .valid),
        Case(country: "JP", value: "154-", expect: .laterInvalid),
        Case(country: "JP", value: "154--", expect: .invalidNow),
        Case(country: "DE", value: "10115", expect: .valid),
        Case(country: "DE", value: "1011", expect: .laterInvalid),
        Case(country: "DE", value: "101155", expect: .invalidNow),
        Case(country: "IE", value: "A65 F4E2", expect: .valid),
        Case(country: "IE", value: "d02x285", expect: .valid),
        Case(country: "IE", value: "A65", expect: .laterInvalid),
        Case(country: "IE", value: "A65-F4E2", expect: .invalidNow),
        Case(country: "IN", value: "110001", expect: .valid),
        Case(country: "IN", value: "11000", expect: .laterInvalid),
        Case(country: "IN", value: "1100011", expect: .invalidNow),
        Case(country: "BR", value: "40301-110", expect: .valid),
        Case(country: "BR", value: "40301110", expect: .valid),
        Case(country: "BR", value: "40301-", expect: .laterInvalid),
        Case(country: "NL", value: "1234 AB", expect: .valid),
        Case(country: "NL", value: "1234ab", expect: .valid),
        Case(country: "NL", value: "1234", expect: .laterInvalid),
        Case(country: "NL", value: "0234 AB", expect: .invalidNow),
        Case(country: "NL", value: "1234 SA", expect: .invalidNow),
        Case(country: "PL", value: "00-950", expect: .valid),
        Case(country: "PL", value: "00950", expect: .invalidNow),
        Case(country: "PE", value: "LIMA 23", expect: .valid),
        Case(country: "PE", value: "lima", expect: .laterInvalid),
        Case(country: nil, value: "SW1A 1AA", expect: .valid),
        Case(country: nil, value: "95014", expect: .valid),
        Case(country: nil, value: "1", expect: .laterInvalid),
        Case(country: nil, value: "-12", expect: .invalidNow),
        Case(country: nil, value: "1234567890123", expect: .invalidNow),
        Case(country: nil, value: "12#", expect: .invalidNow),
    ]

    @Test("a postal code is checked against its country's format, prefixes included", arguments: cases)
    func postalCodeFormat(_ testCase: Case) {
        let (result, code) = seen(.postalCode, testCase.value, country: testCase.country, required: true)
        #expect(result == testCase.expect)
        #expect(code == (testCase.expect == .valid ? nil : "invalid-postal-code"))
    }

    @Test("the error names the country and gives one of its examples")
    func errorParameters() {
        let check = BillingRules.check(
            .postalCode, value: "12", country: Countries.country("GB"), required: true, mode: .blur)
        #expect(check.issue == ValidationIssue(
            code: "invalid-postal-code", parameters: ["country": "GB", "example": "EC1Y 8SY"]))
    }

    @Test("where a country has no postal codes the field is not asked, whatever it holds",
          arguments: ["HK", "AE", "IE"])
    func notAskedWhereNone(_ code: String) throws {
        let country = try #require(Countries.country(code))
        let empty = BillingRules.check(.postalCode, value: "", country: country, required: false, mode: .submit)
        #expect(empty == .valid)
        if !country.hasPostalCode {
            let required = BillingRules.check(.postalCode, value: "", country: country, required: true, mode: .submit)
            #expect(required == .valid)
        }
    }

    @Test("an empty postal code is required where the country requires it, and only shown after typing",
          arguments: [("US", true), ("GB", true), ("IE", false), ("HK", false)])
    func requiredByCountry(code: String, required: Bool) throws {
        let country = try #require(Countries.country(code))
        let blur = BillingRules.check(.postalCode, value: " ", country: country, required: false, mode: .blur)
        let typing = BillingRules.check(.postalCode, value: "", country: country, required: false, mode: .typing)
        #expect(blur.issue?.code == (required ? "required" : nil))
        #expect(typing.isPotentiallyValid)
    }
}
