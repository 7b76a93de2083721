import CardEngine
import Testing

@Suite struct SessionConfigurationTests {
    static func parse(_ json: String, defaults: JSONObject? = nil) throws(ConfigurationError) -> SessionConfiguration {
        try SessionConfiguration.parse(Array(json.utf8), defaults: defaults)
    }

    @Test func anEmptyBodyGivesPrimersDefaults() throws {
        for body in ["", "{}"] {
            let configuration = try Self.parse(body)
            #expect(configuration.cardFields == [.cardNumber, .expiryDate, .cvv, .cardholderName])
            #expect(configuration.activeBillingFields.isEmpty)
            #expect(!configuration.requiresBillingAddress)
            #expect(configuration.orderedAllowedCardNetworks == CardNetwork.defaultAllowed)
            #expect(configuration.locale == "en")
            #expect(configuration.validateOn(.cardNumber) == .blur)
            #expect(configuration.autoCapitalisesCardholderName)
        }
    }

    @Test func everyKeyIsRead() throws {
        let configuration = try Self.parse("""
            {"cardFields": ["cardNumber", "expiryDate", "cvv"], "billingFields": ["firstName", "countryCode", "postalCode"],
             "requiresBillingAddress": true, "orderedAllowedCardNetworks": ["MASTERCARD", "VISA"], "amount": 1999,
             "currency": "eur", "surcharges": {"VISA": 109, "MASTERCARD": 0}, "locale": "fr-FR", "customerId": "cus_1",
             "allowedOrigins": ["https://shop.example", "http://localhost:3000", "https://*.example.org"],
             "fields": {"cardholderName": {"autoCapitalise": false, "validateOn": "change", "messages": {"HN02": "Court"}},
                        "firstName": {"label": "Prénom", "placeholder": "Jean", "guideText": "…", "required": false,
                                      "defaultValue": "Jean", "disabled": true}},
             "appearance": {"--cf-accent": "#0a84ff", "--cf-radius": "6px"},
             "metadata": {"order": "A-1", "items": [1, 2.5, {"sku": null}], "gift": true}}
            """)
        #expect(configuration.cardFields == [.cardNumber, .expiryDate, .cvv])
        #expect(configuration.activeBillingFields == [.firstName, .countryCode, .postalCode])
        #expect(configuration.orderedAllowedCardNetworks == [.mastercard, .visa])
        #expect(configuration.amount == 1999 && configuration.currency == "EUR")
        #expect(configuration.surcharges == [.visa: 109, .mastercard: 0])
        #expect(configuration.locale == "fr-FR" && configuration.customerId == "cus_1")
        #expect(configuration.allowedOrigins.count == 3)
        #expect(configuration.validateOn(.cardholderName) == .change)
        #expect(!configuration.autoCapitalisesCardholderName)
        #expect(configuration.options(for: .cardholderName).messages == ["HN02": "Court"])
        #expect(configuration.options(for: .firstName).disabled)
        #expect(!configuration.isRequired(.firstName))
        #expect(configuration.appearance.keys == ["--cf-accent", "--cf-radius"])
        #expect(configuration.metadata?.serialized == #"{"order":"A-1","items":[1,2.5,{"sku":null}],"gift":true}"#)
    }

    @Test func billingFieldsAloneRequireTheBillingAddress() throws {
        #expect(try Self.parse(#"{"billingFields": ["email"]}"#).activeBillingFields == [.email])
        #expect(try Self.parse(#"{"billingFields": ["email"], "requiresBillingAddress": false}"#).activeBillingFields.isEmpty)
        #expect(try Self.parse(#"{"requiresBillingAddress": true}"#).activeBillingFields == SessionConfiguration.defaultAddressFields)
    }

    @Test func theServersDefaultsApplyWhereTheRequestIsSilent() throws {
        let defaults = try #require(JSONValue.parse(#"{"locale": "de", "currency": "EUR", "fields": {"cvv": {"label": "Prüfnummer", "required": false}}}"#).objectValue)
        let configuration = try Self.parse(#"{"locale": "fr", "amount": 500, "fields": {"cvv": {"label": "Cryptogramme"}}}"#, defaults: defaults)
        #expect(configuration.locale == "fr")
        #expect(configuration.currency == "EUR")
        #expect(configuration.options(for: .cvv).label == "Cryptogramme")
        #expect(configuration.options(for: .cvv).required == false)
    }

    /// (body, code, field)
    static let refusals: [(String, String, String?)] = [
        ("[1]", "invalid-json", nil),
        (#"{"amount": 1,}"#, "invalid-json", nil),
        ("\u{FEFF}{}", "invalid-json", nil),
        (#"{"customerId": "a\u0000b"}"#, "invalid-json", nil),
        (#"{"colour": "red"}"#, "unknown-key", "colour"),
        (#"{"cardFields": ["cardNumber", "expiryDate", "pin"]}"#, "unknown-field", "cardFields.2"),
        (#"{"cardFields": ["cardNumber", "expiryDate", "email"]}"#, "unknown-field", "cardFields.2"),
        (#"{"cardFields": ["cardNumber", "cvv"]}"#, "missing-card-field", "cardFields"),
        (#"{"cardFields": ["cardNumber", "expiryDate", "cardNumber"]}"#, "duplicate-field", "cardFields"),
        (#"{"billingFields": "email"}"#, "invalid-type", "billingFields"),
        (#"{"orderedAllowedCardNetworks": ["VISA", "DINERS"]}"#, "unknown-network", "orderedAllowedCardNetworks.1"),
        (#"{"orderedAllowedCardNetworks": []}"#, "invalid-value", "orderedAllowedCardNetworks"),
        (#"{"orderedAllowedCardNetworks": ["VISA", "VISA"]}"#, "duplicate-network", "orderedAllowedCardNetworks"),
        (#"{"amount": -5, "currency": "EUR"}"#, "invalid-amount", "amount"),
        (#"{"amount": 10.5, "currency": "EUR"}"#, "invalid-amount", "amount"),
        (#"{"amount": "10", "currency": "EUR"}"#, "invalid-type", "amount"),
        (#"{"amount": 1000}"#, "missing-currency", "currency"),
        (#"{"currency": "EURO"}"#, "invalid-currency", "currency"),
        (#"{"currency": "XYZ"}"#, "invalid-currency", "currency"),
        (#"{"currency": "EUR", "surcharges": {"VISA": -1}}"#, "invalid-amount", "surcharges.VISA"),
        (#"{"currency": "EUR", "surcharges": {"PAYPAL": 1}}"#, "unknown-network", "surcharges.PAYPAL"),
        (#"{"locale": "english please"}"#, "invalid-locale", "locale"),
        (#"{"locale": "e"}"#, "invalid-locale", "locale"),
        (#"{"allowedOrigins": ["https://shop.example/checkout"]}"#, "invalid-origin", "allowedOrigins.0"),
        (#"{"allowedOrigins": ["ftp://shop.example"]}"#, "invalid-origin", "allowedOrigins.0"),
        (#"{"allowedOrigins": ["https://shop.example:99999"]}"#, "invalid-origin", "allowedOrigins.0"),
        (#"{"fields": {"pin": {}}}"#, "unknown-field", "fields.pin"),
        (#"{"fields": {"cvv": {"mask": true}}}"#, "unknown-key", "fields.cvv.mask"),
        (#"{"fields": {"cvv": {"validateOn": "never"}}}"#, "invalid-value", "fields.cvv.validateOn"),
        (#"{"fields": {"cvv": {"required": "yes"}}}"#, "invalid-type", "fields.cvv.required"),
        (#"{"fields": {"cardNumber": {"defaultValue": "4242424242424242"}}}"#, "default-value-not-allowed", "fields.cardNumber.defaultValue"),
        (#"{"fields": {"cvv": {"messages": {"invalid-cvv": 3}}}}"#, "invalid-type", "fields.cvv.messages.invalid-cvv"),
        (#"{"appearance": {"--cf-accent": 3}}"#, "invalid-type", "appearance.--cf-accent"),
        (#"{"customerId": 42}"#, "invalid-type", "customerId"),
        // Field look options that cannot take effect (FieldLook+Parsing).
        (#"{"fields": {"cardholderName": {"labelPosition": "left"}}}"#, "invalid-value", "fields.cardholderName.labelPosition"),
        (#"{"fields": {"email": {"invalidTextPosition": "beside"}}}"#, "invalid-value", "fields.email.invalidTextPosition"),
        (#"{"fields": {"cvv": {"displayValidIcon": "yes"}}}"#, "invalid-type", "fields.cvv.displayValidIcon"),
        (#"{"fields": {"cvv": {"allowToCopyPaste": 0}}}"#, "invalid-type", "fields.cvv.allowToCopyPaste"),
        (#"{"fields": {"cardholderName": {"hintIcon": "/i.svg"}}}"#, "invalid-value", "fields.cardholderName.hintIcon"),
        (#"{"fields": {"cardholderName": {"showHintIcon": true, "hintIcon": "https://cdn.example/i.svg"}}}"#, "invalid-value", "fields.cardholderName.hintIcon"),
        (#"{"fields": {"cardholderName": {"showHintIcon": true, "hintIcon": "/a/../secret"}}}"#, "invalid-value", "fields.cardholderName.hintIcon"),
        (#"{"fields": {"cardholderName": {"showHintIcon": true, "hintIcon": "//cdn.example/i.svg"}}}"#, "invalid-value", "fields.cardholderName.hintIcon"),
        (#"{"fields": {"cardholderName": {"showHintIcon": true, "hintIcon": "/i.svg\" onload=\"x"}}}"#, "invalid-value", "fields.cardholderName.hintIcon"),
        (#"{"fields": {"cardholderName": {"showTooltip": true}}}"#, "missing-value", "fields.cardholderName.tooltipText"),
        (#"{"fields": {"cardholderName": {"tooltipText": "Hi"}}}"#, "invalid-value", "fields.cardholderName.tooltipText"),
        (#"{"fields": {"cardholderName": {"showTooltip": false, "tooltipAccessibilityLabel": "Hi"}}}"#, "invalid-value", "fields.cardholderName.tooltipAccessibilityLabel"),
        (#"{"fields": {"cardNumber": {"maskVisibleIcon": "/eye.svg"}}}"#, "invalid-value", "fields.cardNumber.maskVisibleIcon"),
        (#"{"fields": {"cvv": {"showMaskToggle": true, "maskHiddenIcon": "eye.svg"}}}"#, "invalid-value", "fields.cvv.maskHiddenIcon"),
        (#"{"fields": {"cvv": {"maskHiddenIcon": "/eye.svg"}}}"#, "invalid-value", "fields.cvv.maskHiddenIcon"),
        (#"{"fields": {"cardholderName": {"showMaskToggle": true}}}"#, "invalid-value", "fields.cardholderName.showMaskToggle"),
        (#"{"fields": {"cvv": {"tooltipIcon": "/eye.svg"}}}"#, "unknown-key", "fields.cvv.tooltipIcon"),
    ]

    @Test(arguments: refusals.indices)
    func aBadValueIsRefusedWithItsCodeAndPath(_ index: Int) {
        let (body, code, field) = Self.refusals[index]
        do {
            _ = try Self.parse(body)
            Issue.record("accepted \(body)")
        } catch {
            #expect(error.code == code, "\(body)")
            #expect(error.field == field, "\(body)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func aBodyThatIsNotUTF8IsInvalidJSON() {
        let body = Array(#"{"customerId": "caf"#.utf8) + [0xE9] + Array(#""}"#.utf8)
        #expect { try SessionConfiguration.parse(body) } throws: { ($0 as? ConfigurationError)?.code == "invalid-json" }
    }

    @Test func sizesAreBounded() {
        let longLabel = String(repeating: "x", count: 201)
        #expect(throws: ConfigurationError.self) { try Self.parse(#"{"fields": {"cvv": {"label": "\#(longLabel)"}}}"#) }
        let hugeMetadata = "{\"metadata\": {\"x\": \"\(String(repeating: "y", count: 9000))\"}}"
        #expect(throws: ConfigurationError.self) { try Self.parse(hugeMetadata) }
        let deep = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        #expect(throws: ConfigurationError.self) { try Self.parse("{\"metadata\": \(deep)}") }
        let body = Array(repeating: UInt8(ascii: " "), count: SessionConfiguration.maxBodyBytes + 1)
        #expect(throws: ConfigurationError.self) { try SessionConfiguration.parse(body) }
    }

    @Test func theErrorBodyIsTheContractsShape() {
        let error = ConfigurationError(code: "invalid-currency", message: "Bad.", field: "currency")
        #expect(error.json.serialized == #"{"error":{"code":"invalid-currency","message":"Bad.","field":"currency"}}"#)
    }
}
