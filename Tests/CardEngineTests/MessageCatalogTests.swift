import CardEngine
import Foundation
import Testing

@Suite struct MessageCatalogTests {
    /// Every language shipped (`LocaleFilesTests` checks the list against `Templates/locales/`, and
    /// each file's key set, placeholders and plural forms).
    static let languages = LocaleFilesTests.shipped

    static func strings(_ language: String) throws -> [String: String] {
        try LocaleFilesTests.strings(language)
    }

    /// Every code the engine and the billing rules produce.
    static let codes = [
        "required", "invalid-card-number", "unsupported-card-type", "invalid-expiry-date", "card-expired", "invalid-cvv",
        "invalid-cardholder-name", "invalid-first-name", "invalid-last-name", "invalid-email", "invalid-phone-number",
        "invalid-address-line1", "invalid-address-line2", "invalid-city", "invalid-state", "invalid-postal-code",
        "invalid-country", "incomplete-card-number", "incomplete-expiry-date", "incomplete-cvv",
        "cardholder-name-too-short", "cardholder-name-invalid-characters", "cardholder-name-too-long",
    ]

    @Test func theShippedLanguagesAreAllRead() {
        #expect(Set(["en", "fr", "de", "es"]).isSubset(of: Self.languages))
    }

    @Test(arguments: languages)
    func everyCodeHasAMessageInEveryLanguage(_ language: String) throws {
        let strings = try Self.strings(language)
        for code in Self.codes { #expect(strings["error.\(code)"] != nil, "\(language) lacks error.\(code)") }
        for field in FieldType.allCases { #expect(strings["error.\(field.rawValue).required"] != nil) }
        for alias in ["HN02", "HN03", "HN04"] { #expect(strings["error.cardholderName.\(alias)"] != nil) }
    }

    @Test func everyKeyBelongsToAKnownNamespace() throws {
        let namespaces = ["error.", "label.", "placeholder.", "guide.", "legend.", "ui.", "unavailable.", "decline."]
        let strays = try Self.strings("en").keys.filter { key in !namespaces.contains { key.hasPrefix($0) } }
        #expect(strays.isEmpty, "keys outside the known namespaces: \(strays.sorted())")
    }

    @Test(arguments: [
        (FieldType.cvv, ValidationIssue(code: "invalid-cvv", parameters: ["name": "CID"]), [String: String](), "Invalid security code"),
        (.cardNumber, ValidationIssue(code: "required"), [:], "Enter your card number"),
        (.cardholderName, ValidationIssue(code: "invalid-cardholder-name", aliases: ["HN02"], parameters: ["min": "3"]), [:], "Invalid cardholder name"),
        (.cardholderName, ValidationIssue(code: "invalid-cardholder-name", aliases: ["HN02"]), ["HN02": "Too short!"], "Too short!"),
        (.cardholderName, ValidationIssue(code: "invalid-cardholder-name", aliases: ["HN03"]), ["invalid-cardholder-name": "Bad name"], "Bad name"),
        (.cardholderName, ValidationIssue(code: "required", aliases: ["HN01"]), ["HN01": "Name please"], "Name please"),
        // The code's own key wins over its aliases'; an override by an alias wins over every key.
        (.cardNumber, ValidationIssue(code: "incomplete-card-number", aliases: ["invalid-card-number"]), [:], "Your card number is incomplete"),
        (.cardNumber, ValidationIssue(code: "incomplete-card-number", aliases: ["invalid-card-number"]), ["invalid-card-number": "Check it"], "Check it"),
        (.cardNumber, ValidationIssue(code: "incomplete-card-number", aliases: ["invalid-card-number"]), ["incomplete-card-number": "More", "invalid-card-number": "Check it"], "More"),
        // An alias's field key wins over a broader alias's general key.
        (.cardholderName, ValidationIssue(code: "cardholder-name-required", aliases: ["HN01", "required"]), [:], "Enter the name on the card"),
        // A rule set's own wording comes before the code's.
        (.cardholderName, ValidationIssue(code: "cardholder-name-too-short", aliases: ["HN02"], messageKey: "error.cardholderName.HN02", parameters: ["min": "3"]), [:], "Enter at least 3 characters"),
        (.cardholderName, ValidationIssue(code: "cardholder-name-too-short", aliases: ["HN02"], parameters: ["min": "2"]), [:], "Enter at least 2 letters"),
        // Length messages are plural patterns: the parameter picks the form.
        (.cardholderName, ValidationIssue(code: "cardholder-name-too-short", aliases: ["HN02"], parameters: ["min": "1"]), [:], "Enter at least 1 letter"),
        (.cardholderName, ValidationIssue(code: "cardholder-name-too-long", aliases: ["HN04"], parameters: ["max": "1"]), [:], "Enter at most 1 character"),
        (.expiryDate, ValidationIssue(code: "card-expired"), ["card-expired": "Expired {when}"], "Expired {when}"),
        (.email, ValidationIssue(code: "invalid-email"), [:], "Invalid email address"),
        (.email, ValidationIssue(code: "no-such-code"), [:], "no-such-code"),
    ])
    func messagesResolveOverridesThenFieldKeysThenCodeKeys(_ field: FieldType, _ issue: ValidationIssue, _ overrides: [String: String], _ message: String) {
        #expect(Fixtures.catalog("en").message(for: field, issue: issue, overrides: overrides) == message)
    }

    @Test func aLanguageFallsBackToEnglishKeyByKey() throws {
        let catalog = try MessageCatalog(layers: [Data(#"{"error.required": "Required", "error.extra": "Extra"}"#.utf8), Data(#"{"error.required": "Obligatoire"}"#.utf8)])
        #expect(catalog.string("error.required") == "Obligatoire")
        #expect(catalog.string("error.extra") == "Extra")
    }

    @Test func aLanguagesFilesLaidOverEnglishFallBackKeyByKey() throws {
        let english = MessageCatalog(strings: ["error.required": "Required", "error.extra": "Extra"], language: "en")
        let french = try english.overlaid(byLayers: [Data(#"{"error": {"required": "Obligatoire"}}"#.utf8), Data(#"{"error.cvv.required": "CVV ?"}"#.utf8)])
        #expect(french.message(for: .cardNumber, issue: ValidationIssue(code: "required")) == "Obligatoire")
        #expect(french.message(for: .cvv, issue: ValidationIssue(code: "required")) == "CVV ?")
        #expect(french.string("error.extra") == "Extra")
        #expect(throws: CatalogError.self) { try english.overlaid(byLayers: [Data(#"{"a": 1}"#.utf8)]) }
    }

    @Test func aDesignerLayerMayNestKeys() throws {
        let catalog = try MessageCatalog(layers: [Data(#"{"error": {"required": "Needed", "cvv": {"required": "CVV!"}}}"#.utf8)])
        #expect(catalog.strings == ["error.required": "Needed", "error.cvv.required": "CVV!"])
    }

    @Test(arguments: [(#"[1]"#, "not-an-object"), (#"{"a": 1}"#, "not-a-string"), (#"{"a": "#, "invalid-json")])
    func aBrokenLocaleFileIsRefused(_ text: String, _ code: String) {
        #expect { try MessageCatalog.parse(Array(text.utf8)) } throws: { ($0 as? CatalogError)?.code == code }
    }

    @Test(arguments: [("fr-CA", "Ce champ est obligatoire"), ("de_AT", "Dieses Feld ist erforderlich"), ("ES", "Este campo es obligatorio"), ("ja", "この項目は必須です"), ("ca", "This field is required")])
    func aSessionLocalePicksItsLanguageOrEnglish(_ locale: String, _ message: String) {
        #expect(Fixtures.catalogs.catalog(for: locale).string("error.required") == message)
    }

    @Test func placeholdersWithoutAValueStayAsWritten() {
        let catalog = MessageCatalog(strings: ["k": "{a} and {b} and {"])
        #expect(catalog.string("k", parameters: ["a": "1"]) == "1 and {b} and {")
    }

    /// How braces read: a `{` names what lies up to the next `}`; filled, reading goes on after
    /// that `}`; not filled, the `{` stays and reading goes on right after it. Values are not read
    /// again, and a brace joined with a combining mark is not a brace.
    @Test(arguments: [
        ("Pay {amount}", ["amount": "€1.09"], "Pay €1.09"),
        ("{a}{a} {a}", ["a": "x"], "xx x"),
        ("{a{b}", ["b": "2"], "{a2"),
        ("{{b}}", ["b": "2"], "{2}"),
        ("{b}}", ["b": "2"], "2}"),
        ("{a} {b", ["a": "1", "b": "2"], "1 {b"),
        ("{a}", ["a": "{b}", "b": "2"], "{b}"),
        ("é {a} ü {b} ç", ["a": "å", "b": "ø"], "é å ü ø ç"),
        ("{\u{301}a} {a}", ["a": "1", "\u{301}a": "2"], "{\u{301}a} 1"),
        ("{a}\u{301} {a}", ["a": "1"], "{a}\u{301} 1"),
        ("no braces", ["a": "1"], "no braces"),
        ("{a}", [:], "{a}"),
    ] as [(String, [String: String], String)])
    func placeholdersFillAsTheyAreRead(_ text: String, _ parameters: [String: String], _ filled: String) {
        #expect(MessageCatalog(strings: ["k": text]).string("k", parameters: parameters) == filled)
    }

    @Test func aFieldsOwnErrorKeyIsFoundByItsFullName() {
        let catalog = MessageCatalog(strings: [
            "error.required": "Required", "error.cvv.required": "CVV please", "error.cardNumber.required.x": "Deeper",
            "error.addressLine1.required": "Line 1 please",
        ])
        #expect(catalog.message(for: .cvv, issue: ValidationIssue(code: "required")) == "CVV please")
        #expect(catalog.message(for: .addressLine2, issue: ValidationIssue(code: "required")) == "Required")
        #expect(catalog.message(for: .addressLine1, issue: ValidationIssue(code: "required")) == "Line 1 please")
        #expect(catalog.message(for: .cardNumber, issue: ValidationIssue(code: "required.x")) == "Deeper")
        #expect(catalog.message(for: .email, issue: ValidationIssue(code: "cvv.required")) == "CVV please")
    }
}
