import Testing
import CardEngine

@Suite("Billing email and phone")
struct BillingContactTests {
    static let emails: [(String, Seen)] = [
        ("jane@example.com", .valid),
        ("jane.doe+cards@mail.example.co.uk", .valid),
        ("a@b", .valid),
        ("!#$%&'*+/=?^_`{|}~-@example.com", .valid),
        (".jane..doe.@example.com", .valid),
        ("jane@xn--bcher-kva.example", .valid),
        ("jane@123.example", .valid),
        ("  jane@example.com ", .valid),
        ("jane", .laterInvalid),
        ("jane@", .laterInvalid),
        ("jane@example.", .laterInvalid),
        ("jane@example-", .laterInvalid),
        ("@example.com", .invalidNow),
        ("jane@@example.com", .invalidNow),
        ("jane@-example.com", .invalidNow),
        ("jane@example..com", .invalidNow),
        ("jane@example-.com", .invalidNow),
        ("jane doe@example.com", .invalidNow),
        ("jane@exa_mple.com", .invalidNow),
        ("jané@example.com", .invalidNow),
        ("jane@bücher.example", .invalidNow),
        ("\"jane\"@example.com", .invalidNow),
        ("jane@[127.0.0.1]", .invalidNow),
        ("jane@" + String(repeating: "a", count: 64) + ".com", .invalidNow),
        ("jane@" + String(repeating: "a", count: 63) + ".com", .valid),
        (String(repeating: "a", count: 250) + "@b.cd", .invalidNow),
    ]

    @Test("an email is valid exactly when it is a WHATWG valid email address", arguments: emails)
    func email(value: String, expected: Seen) {
        let (result, code) = seen(.email, value)
        #expect(result == expected)
        #expect(code == (expected == .valid ? nil : "invalid-email"))
    }

    @Test("a phone number has 7 to 15 digits, written with + ( ) - and spaces", arguments: [
        ("+44 20 7946 0958", Seen.valid),
        ("(415) 555-2671", .valid),
        ("4155552671", .valid),
        ("1234567", .valid),
        ("+123456789012345", .valid),
        ("123456", .laterInvalid),
        ("+", .laterInvalid),
        ("(", .laterInvalid),
        ("1234567890123456", .invalidNow),
        ("415.555.2671", .invalidNow),
        ("44+20 7946 0958", .invalidNow),
        ("+44 +20", .invalidNow),
        ("call me", .invalidNow),
        ("٤١٥٥٥٥٢٦٧١", .invalidNow),
    ])
    func phone(value: String, expected: Seen) {
        let (result, code) = seen(.phoneNumber, value)
        #expect(result == expected)
        #expect(code == (expected == .valid ? nil : "invalid-phone-number"))
    }

    @Test("the phone error tells the digit bounds")
    func phoneParameters() {
        let check = BillingRules.check(.phoneNumber, value: "12", country: nil, required: true, mode: .blur)
        #expect(check.issue == ValidationIssue(code: "invalid-phone-number", parameters: ["min": "7", "max": "15"]))
    }

    @Test("an absurdly long value is refused at once, whatever it holds", arguments: [
        FieldType.email, .phoneNumber, .firstName, .addressLine1, .city, .state, .postalCode, .countryCode,
    ])
    func absurdlyLongRefused(_ field: FieldType) {
        let value = String(repeating: "a", count: 100_000)
        let check = BillingRules.check(field, value: value, country: nil, required: false, mode: .typing)
        #expect(!check.isValid && !check.isPotentiallyValid)
    }
}
