import Testing
import CardEngine

@Suite("Billing names, address, state and country")
struct BillingRulesTests {
    @Test("a name is letters of any script with spaces, hyphens, apostrophes and periods", arguments: [
        ("Jane", Seen.valid), ("Jean-Luc", .valid), ("O'Brien", .valid), ("O’Brien", .valid),
        ("J. R. R.", .valid), ("Nguyễn Văn", .valid), ("李", .valid), ("Ó", .valid),
        ("Müller-Lüdenscheidt", .valid), ("محمد", .valid), ("Zoë", .valid), ("Иван", .valid),
        ("अनुष्का", .valid), (String(repeating: "a", count: 100), .valid),
        ("-", .laterInvalid), ("'", .laterInvalid),
        ("Jane2", .invalidNow), ("Jane!", .invalidNow), ("Jane_Doe", .invalidNow), ("😀", .invalidNow),
        (String(repeating: "a", count: 101), .invalidNow),
    ])
    func firstName(value: String, expected: Seen) {
        let (result, code) = seen(.firstName, value)
        #expect(result == expected)
        #expect(code == (expected == .valid ? nil : "invalid-first-name"))
    }

    @Test("the last name follows the same rule under its own code")
    func lastNameCode() {
        let check = BillingRules.check(.lastName, value: "Sm1th", country: nil, required: true, mode: .blur)
        #expect(check.issue == ValidationIssue(code: "invalid-last-name", parameters: ["min": "1", "max": "100"]))
    }

    @Test("address line 1 needs 3 to 100 characters with a letter or digit", arguments: [
        ("1 A", Seen.valid), ("221B Baker Street", .valid), ("東京都千代田区1-1", .valid),
        ("Flat 3, 14 Rue de l'Église", .valid), (String(repeating: "x", count: 100), .valid),
        ("1A", .laterInvalid), ("---", .laterInvalid),
        (String(repeating: "x", count: 101), .invalidNow), ("Main\u{7}St", .invalidNow),
    ])
    func addressLine1(value: String, expected: Seen) {
        let (result, code) = seen(.addressLine1, value, required: true)
        #expect(result == expected)
        #expect(code == (expected == .valid ? nil : "invalid-address-line1"))
    }

    @Test("address line 2 is optional and at most 100 characters", arguments: [
        ("", Seen.valid), ("Apt 4", .valid), ("4", .valid),
        (String(repeating: "x", count: 101), .invalidNow),
    ])
    func addressLine2(value: String, expected: Seen) {
        let (result, code) = seen(.addressLine2, value)
        #expect(result == expected)
        #expect(code == (expected == .valid ? nil : "invalid-address-line2"))
    }

    @Test("a city is a place name of any script", arguments: [
        ("Å", Seen.valid), ("Saint-Étienne", .valid), ("St. John's", .valid), ("Frankfurt (Oder)", .valid),
        ("Washington, D.C.", .valid), ("渋谷区", .valid), ("Paris 16", .valid),
        ("12", .laterInvalid), ("Paris!", .invalidNow), ("<b>", .invalidNow),
    ])
    func city(value: String, expected: Seen) {
        let (result, code) = seen(.city, value, country: "FR")
        #expect(result == expected)
        #expect(code == (expected == .valid ? nil : "invalid-city"))
    }

    @Test("a state must be one of the country's subdivisions where it has a list", arguments: [
        ("US", "CA", Seen.valid), ("US", "California", .valid), ("US", "calif", .laterInvalid),
        ("US", "Ca", .valid), ("US", "Ontario", .invalidNow), ("US", "XX", .invalidNow),
        ("CA", "Québec", .valid), ("CA", "Quebec", .valid), ("CA", "Ont", .laterInvalid),
        ("JP", "Tokyo", .valid), ("JP", "東京", .laterInvalid), ("AE", "Dubai", .valid),
        ("IN", "Maharashtra", .valid), ("BR", "SP", .valid), ("HK", "Kowloon", .valid),
        // No list: typed freely, like a city.
        ("DE", "Bayern", .valid), ("GB", "Kent", .valid), ("GB", "K3nt!", .invalidNow),
    ])
    func stateMembership(country: String, value: String, expected: Seen) {
        let (result, code) = seen(.state, value, country: country)
        #expect(result == expected)
        #expect(code == (expected == .valid ? nil : "invalid-state"))
    }

    @Test("an empty state is required where the country requires one, even if the merchant does not",
          arguments: [("US", true), ("CA", true), ("JP", true), ("AE", true), ("HK", true),
                      ("BR", true), ("IN", true), ("GB", false), ("DE", false), ("IE", false)])
    func stateRequiredByCountry(country: String, required: Bool) {
        let (result, code) = seen(.state, "", country: country)
        #expect(result == (required ? .laterInvalid : .valid))
        #expect(code == (required ? "required" : nil))
    }

    @Test("the state error names the country")
    func stateParameters() {
        let check = BillingRules.check(.state, value: "XX", country: Countries.country("US"), required: true, mode: .blur)
        #expect(check.issue == ValidationIssue(code: "invalid-state", parameters: ["country": "US"]))
    }

    @Test("a country is an ISO 3166-1 alpha-2 code the data knows", arguments: [
        ("US", Seen.valid), ("gb", .valid), ("XK", .valid), ("U", .laterInvalid),
        ("Ü", .invalidNow), ("ZZ", .invalidNow), ("USA", .invalidNow), ("1", .invalidNow),
    ])
    func countryCode(value: String, expected: Seen) {
        let (result, code) = seen(.countryCode, value)
        #expect(result == expected)
        #expect(code == (expected == .valid ? nil : "invalid-country"))
    }

    @Test("an empty required field says so on blur and submit, never while typing",
          arguments: [FieldType.firstName, .lastName, .email, .phoneNumber, .addressLine1, .city, .countryCode])
    func requiredOnlyAfterTyping(_ field: FieldType) {
        let typing = BillingRules.check(field, value: "", country: nil, required: true, mode: .typing)
        let submit = BillingRules.check(field, value: "  ", country: nil, required: true, mode: .submit)
        #expect(typing.issue?.code == "required" && typing.isPotentiallyValid)
        #expect(submit.issue == ValidationIssue(code: "required") && !submit.isPotentiallyValid)
    }

    @Test("an empty optional field is valid", arguments: FieldType.billingFields)
    func emptyOptionalValid(_ field: FieldType) {
        let check = BillingRules.check(field, value: "", country: nil, required: false, mode: .submit)
        #expect(check == .valid)
    }

    @Test("card fields are not billing rules' business", arguments: FieldType.cardFields)
    func cardFieldsIgnored(_ field: FieldType) {
        #expect(BillingRules.check(field, value: "x", country: nil, required: true, mode: .submit) == .valid)
        #expect(BillingRules.lengthBounds(of: field) == nil)
    }
}
