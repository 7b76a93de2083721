import CardEngine
import Testing

/// Values that are each fine alone but not together, and wildcard origins: refused at creation.
@Suite struct SessionConfigurationBoundsTests {
    static func refusal(_ json: String) -> ConfigurationError? {
        do {
            _ = try SessionConfiguration.parse(Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func aSurchargeMayNotPushTheTotalPastTheLargestAmount() {
        let error = Self.refusal(#"{"amount": 999999999999, "currency": "EUR", "surcharges": {"MASTERCARD": 1, "VISA": 2}}"#)
        #expect(error?.code == "invalid-amount")
        #expect(error?.field == "surcharges.VISA")
        #expect(error?.message.contains("VISA") == true)
        #expect(Self.refusal(#"{"amount": 999999999999, "currency": "EUR", "surcharges": {"VISA": 1}}"#) == nil)
        #expect(Self.refusal(#"{"currency": "EUR", "surcharges": {"VISA": 1000000000000}}"#) == nil)
    }

    @Test(arguments: [#"https://*.com"#, #"https://*"#, #"https://a.*.b"#, #"https://*.shop.example; frame-ancestors *"#])
    func aWildcardOverEverySiteIsRefused(_ origin: String) {
        let error = Self.refusal(#"{"allowedOrigins": ["https://shop.example", "\#(origin)"]}"#)
        #expect(error?.code == "invalid-origin")
        #expect(error?.field == "allowedOrigins.1")
    }

    @Test func noCardFieldMayBePrefilled() {
        for field in ["cardNumber", "expiryDate", "cvv"] {
            #expect(Self.refusal(#"{"fields": {"\#(field)": {"defaultValue": "12/30"}}}"#)?.code == "default-value-not-allowed")
        }
        #expect(Self.refusal(#"{"fields": {"cardholderName": {"defaultValue": "Ada"}}}"#) == nil)
    }
}
