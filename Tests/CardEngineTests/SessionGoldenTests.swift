import CardEngine
import Foundation
import Testing

/// The state's JSON, exactly as CONTRACT §3 shows it.
@Suite struct SessionGoldenTests {
    @Test func theStateOfAPartlyFilledCoBadgedFormEncodesAsTheContractShows() throws {
        var configuration = try SessionConfiguration.parse(Array("""
            {"orderedAllowedCardNetworks": ["CARTES_BANCAIRES", "VISA", "MASTERCARD"], "amount": 1000,
             "currency": "EUR", "surcharges": {"CARTES_BANCAIRES": 109}, "locale": "en"}
            """.utf8))
        configuration.locale = "en"
        var session = CardSession(id: "cs_test", configuration: configuration, environment: Fixtures.environment())
        _ = session.update(.cardNumber, value: "4000002500001001", caret: 16, event: .paste)
        _ = session.update(.expiryDate, value: "12/30", caret: 5, event: .paste)
        _ = session.update(.cardholderName, value: "john smith", caret: 10)
        _ = session.update(.cvv, value: "12", caret: 2)
        _ = session.update(.cvv, value: "12", caret: 2, event: .blur)
        #expect(session.stateJSON.serialized == """
            {"id":"cs_test","phase":"ready",\
            "configuration":{"cardFields":["cardNumber","expiryDate","cvv","cardholderName"],"billingFields":[],"requiresBillingAddress":false},\
            "data":{"cardNumber":"400000••••••1001","cvv":"","expiryDate":"12/30","cardholderName":"John Smith"},\
            "fieldErrors":[{"fieldType":"cvv","message":"Invalid CVV","errorCode":"invalid-cvv"}],\
            "isLoading":false,"isValid":false,"selectedCountry":null,"selectedNetwork":"CARTES_BANCAIRES",\
            "availableNetworks":["CARTES_BANCAIRES","VISA"],"surchargeAmountRaw":109,"surchargeAmount":"+ €1.09",\
            "binData":{"preferred":"CARTES_BANCAIRES","alternatives":["VISA"],"status":"complete"},"payment":null}
            """)
    }
}
