import CardEngine
import Foundation
import Testing

@Suite struct MessageCatalogTests {
    /// Key sets, placeholders and plural forms of every file are checked in `LocaleFilesTests`.
    static let languages = LocaleFilesTests.shipped

    static func strings(_ language: String) throws -> [String: String] {
        try LocaleFilesTests.strings(language)
    }

    /// Every code the engine and the billing rules produce.
    static let codes = [
        "required", "invalid-card-number", "unsupported-card-type", "invalid-expiry-date", "card-expired", "invalid-cvv",
        "invalid-cardholder-name", "invalid-first-name", "invalid-last-name", "invalid-email", "invalid-phone-number",
        "invalid-address-line1", "invalid-address-line2", "invalid-city", "invalid-state", "invalid-postal-code",
        "invalid-country",
    ]

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
        (FieldType.cvv, ValidationIssue(code: "invalid-cvv", parameters: ["name": "CID"]), [String: String](), "Invalid CID"),
        (.cardNumber, ValidationIssue(code: "required"), [:], "Enter your card number"),
        (.cardholderName, ValidationIssue(code: "invalid-cardholder-name", alias: "HN02", parameters: ["min": "3"]), [:], "Enter at least 3 characters"),
        (.cardholderName, ValidationIssue(code: "invalid-cardholder-name", alias: "HN02"), ["HN02": "Too short!"], "Too short!"),
        (.cardholderName, ValidationIssue(code: "invalid-cardholder-name", alias: "HN03"), ["invalid-cardholder-name": "Bad name"], "Bad name"),
        (.cardholderName, ValidationIssue(code: "required", alias: "HN01"), ["HN01": "Name please"], "Name please"),
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

    @Test func aDesignerLayerMayNestKeys() throws {
        let catalog = try MessageCatalog(layers: [Data(#"{"error": {"required": "Needed", "cvv": {"required": "CVV!"}}}"#.utf8)])
        #expect(catalog.strings == ["error.required": "Needed", "error.cvv.required": "CVV!"])
    }

    @Test(arguments: [(#"[1]"#, "not-an-object"), (#"{"a": 1}"#, "not-a-string"), (#"{"a": "#, "invalid-json")])
    func aBrokenLocaleFileIsRefused(_ text: String, _ code: String) {
        #expect { try MessageCatalog.parse(Array(text.utf8)) } throws: { ($0 as? CatalogError)?.code == code }
    }

    @Test(arguments: [("fr-CA", "Ce champ est obligatoire"), ("de_AT", "Dieses Feld ist erforderlich"), ("ES", "Este campo es obligatorio"), ("ja", "This field is required")])
    func aSessionLocalePicksItsLanguageOrEnglish(_ locale: String, _ message: String) {
        #expect(Fixtures.catalogs.catalog(for: locale).string("error.required") == message)
    }

    @Test func placeholdersWithoutAValueStayAsWritten() {
        let catalog = MessageCatalog(strings: ["k": "{a} and {b} and {"])
        #expect(catalog.string("k", parameters: ["a": "1"]) == "1 and {b} and {")
    }
}
