import CardEngine
import Testing

/// The merchant's changes after creation: `SessionPatch`, `reconfigure`, `prefill`.
@Suite struct SessionPatchTests {
    @Test func aPatchBodyListsValuesInOrderAndRefusesCardFields() throws {
        let patch = try SessionPatch.parse(Array(#"{"fields": {"countryCode": "FR", "postalCode": "75001"}, "options": {"amount": 5}}"#.utf8))
        #expect(patch.values.map(\.field) == [.countryCode, .postalCode])
        #expect(patch.options?["amount"] == .integer(5))
        for field in ["cardNumber", "expiryDate", "cvv"] {
            #expect(throws: ConfigurationError.self) { try SessionPatch.parse(Array(#"{"fields": {"\#(field)": "1"}}"#.utf8)) }
        }
        #expect(throws: ConfigurationError.self) { try SessionPatch.parse(Array(#"{"fields": {"cardholderName": 3}}"#.utf8)) }
        #expect(throws: ConfigurationError.self) { try SessionPatch.parse(Array("[]".utf8)) }
    }

    @Test func prefillFormatsAndChecksAndLeavesTheCardAlone() throws {
        var session = try Fixtures.session(#"{"billingFields": ["countryCode", "postalCode"]}"#)
        #expect(session.prefill(.cardNumber, value: "4242424242424242", in: environment) == nil)
        #expect(session.prefill(.email, value: "a@b.example", in: environment) == nil, "not shown")
        #expect(session.prefill(.cardholderName, value: "jane doe", in: environment)?.contains(.value) == true)
        #expect(session.value(for: .cardholderName) == "Jane Doe" && session.isValid(.cardholderName))
        _ = session.prefill(.countryCode, value: "gb", in: environment)
        _ = session.prefill(.postalCode, value: "sw1a1aa", in: environment)
        #expect(session.selectedCountry == "GB" && session.isValid(.postalCode))
    }

    @Test func reconfiguringFollowsTheNewOptions() throws {
        var session = try Fixtures.session(#"{"orderedAllowedCardNetworks": ["VISA"]}"#)
        session.update(.cardNumber, value: "4000002500001001", caret: 16, event: .paste, in: environment)
        #expect(!session.isNetworkSelectable)
        let wider = try session.configuration.applying(try #require(JSONValue.parse(#"{"orderedAllowedCardNetworks": ["CARTES_BANCAIRES", "VISA"]}"#).objectValue))
        #expect(session.reconfigure(wider, in: environment).contains(.networks))
        #expect(session.isNetworkSelectable && session.selectedNetwork == .cartesBancaires)
        let optionalName = try session.configuration.applying(try #require(JSONValue.parse(#"{"fields": {"cardholderName": {"required": false}}}"#).objectValue))
        _ = session.reconfigure(optionalName, in: environment)
        #expect(session.configuration.options(for: .cardholderName).required == false)
        #expect(session.configuration.orderedAllowedCardNetworks == [.cartesBancaires, .visa], "other options stay")
    }
}
