import Foundation
import Testing
import CardEngine

/// Postal codes, validated by the selected country's own format.
@Suite("Billing postal codes")
struct BillingPostalCodeTests {
    /// What the shopper sees: no error (`ok`), no error yet while typing (`typing`), an error.
    enum Expect: String, Sendable { case valid, potentiallyValid, invalid }

    struct Case: Sendable, CustomTestStringConvertible {
        let country: String?
        let value: String
        let expect: Expect
        var testDescription: String { "\(country ?? "no country") \"\(value)\" → \(expect)" }
    }

    static let cases: [Case] = [
        Case(country: "US", value: "95014", expect: .valid),
        Case(country: "US", value: "22162-1010", expect: .valid),
        Case(country: "US", value: "22162 1010", expect: .valid),
        Case(country: "US", value: "9501", expect: .potentiallyValid),
        Case(country: "US", value: "95014-", expect: .potentiallyValid),
        Case(country: "US", value: "950145", expect: .invalid),
        Case(country: "US", value: "9501A", expect: .invalid),
        Case(country: "GB", value: "SW1A 1AA", expect: .valid),
        Case(country: "GB", value: "sw1a 1aa", expect: .valid),
        Case(country: "GB", value: "SW1A1AA", expect: .valid),
        Case(country: "GB", value: "GIR 0AA", expect: .valid),
        Case(country: "GB", value: "BFPO 61", expect: .valid),
        Case(country: "GB", value: "SW1A", expect: .potentiallyValid),
        Case(country: "GB", value: "SW1A 1", expect: .potentiallyValid),
        Case(country: "GB", value: "SW1A 1AAA", expect: .invalid),
        Case(country: "GB", value: "QQ1 1AA", expect: .invalid),
        Case(country: "GB", value: "12345", expect: .invalid),
        Case(country: "CA", value: "K1A 0B1", expect: .valid),
        Case(country: "CA", value: "k1a0b1", expect: .valid),
        Case(country: "CA", value: "K1A", expect: .potentiallyValid),
        Case(country: "CA", value: "D1A 0B1", expect: .invalid),
        Case(country: "JP", value: "154-0023", expect: .valid),
        Case(country: "JP", value: "1540023", expect: .valid),
        Case(country: "JP", value: "154-", expect: .potentiallyValid),
        Case(country: "JP", value: "154--", expect: .invalid),
        Case(country: "DE", value: "10115", expect: .valid),
        Case(country: "DE", value: "1011", expect: .potentiallyValid),
        Case(country: "DE", value: "101155", expect: .invalid),
        Case(country: "IE", value: "A65 F4E2", expect: .valid),
        Case(country: "IE", value: "d02x285", expect: .valid),
        Case(country: "IE", value: "A65", expect: .potentiallyValid),
        Case(country: "IE", value: "A65-F4E2", expect: .invalid),
        Case(country: "IN", value: "110001", expect: .valid),
        Case(country: "IN", value: "11000", expect: .potentiallyValid),
        Case(country: "IN", value: "1100011", expect: .invalid),
        Case(country: "BR", value: "40301-110", expect: .valid),
        Case(country: "BR", value: "40301110", expect: .valid),
        Case(country: "BR", value: "40301-", expect: .potentiallyValid),
        Case(country: "NL", value: "1234 AB", expect: .valid),
        Case(country: "NL", value: "1234ab", expect: .valid),
        Case(country: "NL", value: "1234", expect: .potentiallyValid),
        Case(country: "NL", value: "0234 AB", expect: .invalid),
        Case(country: "NL", value: "1234 SA", expect: .invalid),
        Case(country: "PL", value: "00-950", expect: .valid),
        Case(country: "PL", value: "00950", expect: .invalid),
        Case(country: "PE", value: "LIMA 23", expect: .valid),
        Case(country: "PE", value: "lima", expect: .potentiallyValid),
        Case(country: nil, value: "SW1A 1AA", expect: .valid),
        Case(country: nil, value: "95014", expect: .valid),
        Case(country: nil, value: "1", expect: .potentiallyValid),
        Case(country: nil, value: "-12", expect: .invalid),
        Case(country: nil, value: "1234567890123", expect: .invalid),
        Case(country: nil, value: "12#", expect: .invalid),
    ]

    @Test("a postal code is checked against its country's format, prefixes included", arguments: cases)
    func postalCodeFormat(_ testCase: Case) {
        let country = testCase.country.flatMap(Countries.country)
        let typing = BillingRules.check(
            .postalCode, value: testCase.value, country: country, required: true, mode: .typing)
        let blur = BillingRules.check(
            .postalCode, value: testCase.value, country: country, required: true, mode: .blur)
        switch testCase.expect {
        case .valid:
            #expect(typing == .valid)
            #expect(blur == .valid)
        case .potentiallyValid:
            #expect(typing.isPotentiallyValid && !typing.isValid)
            #expect(blur.issue?.code == "invalid-postal-code" && !blur.isPotentiallyValid)
        case .invalid:
            #expect(!typing.isPotentiallyValid)
            #expect(typing.issue?.code == "invalid-postal-code")
        }
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
