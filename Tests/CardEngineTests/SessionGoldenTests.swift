import CardEngine
import Foundation
import Testing

/// The state's JSON, exactly as CONTRACT §3 shows it (but for the short CVV, now "incomplete" in
/// code and words, and the keys CONTRACT §8 adds: `displayFields`, `allFields`, `selectedCountry`
/// as an object).
@Suite struct SessionGoldenTests {
    @Test func theStateOfAPartlyFilledCoBadgedFormEncodesAsTheContractShows() throws {
        var configuration = try SessionConfiguration.parse(Array("""
            {"orderedAllowedCardNetworks": ["CARTES_BANCAIRES", "VISA", "MASTERCARD"], "amount": 1000,
             "currency": "EUR", "surcharges": {"CARTES_BANCAIRES": 109}, "locale": "en"}
            """.utf8))
        configuration.locale = "en"
        var session = CardSession(id: "cs_test", configuration: configuration, environment: Fixtures.environment())
        session.update(.cardNumber, value: "4000002500001001", caret: 16, event: .paste, in: environment)
        session.update(.expiryDate, value: "12/30", caret: 5, event: .paste, in: environment)
        session.update(.cardholderName, value: "john smith", caret: 10, in: environment)
        session.update(.cvv, value: "12", caret: 2, in: environment)
        session.update(.cvv, value: "12", caret: 2, event: .blur, in: environment)
        #expect(session.stateJSON(in: environment).serialized == """
            {"id":"cs_test","phase":"ready",\
            "configuration":{"cardFields":["cardNumber","expiryDate","cvv","cardholderName"],"billingFields":[],"requiresBillingAddress":false},\
            "data":{"cardNumber":"400000••••••1001","cvv":"","expiryDate":"12/30","cardholderName":"John Smith"},\
            "fieldErrors":[{"fieldType":"cvv","message":"Your card’s security code is incomplete","errorCode":"incomplete-cvv"}],\
            "isLoading":false,"isValid":false,"displayFields":["cardNumber","expiryDate","cvv","cardholderName"],\
            "allFields":["cardNumber","expiryDate","cvv","cardholderName","firstName","lastName","email","phoneNumber","countryCode","addressLine1","addressLine2","city","state","postalCode"],\
            "selectedCountry":null,"selectedNetwork":"CARTES_BANCAIRES",\
            "availableNetworks":["CARTES_BANCAIRES","VISA"],"surchargeAmountRaw":109,"surchargeAmount":"+ €1.09",\
            "binData":{"preferred":"CARTES_BANCAIRES","alternatives":["VISA"],"status":"complete"},"payment":null}
            """)
    }
}

extension SessionGoldenTests {
    @Test func aPaidFrenchSessionWithABillingAddressEncodesEveryKey() throws {
        var session = try Fixtures.session("""
            {"locale": "fr", "billingFields": ["countryCode", "postalCode"], "cardFields": ["cardNumber", "expiryDate", "cvv"],
             "orderedAllowedCardNetworks": ["VISA", "DANKORT"], "amount": 2500, "currency": "DKK"}
            """)
        session.update(.cardNumber, value: "4571 0000 0000 0001", caret: 19, event: .paste, in: environment)
        session.update(.expiryDate, value: "1/2031", caret: 6, event: .paste, in: environment)
        session.update(.cvv, value: "737", caret: 3, in: environment)
        session.update(.countryCode, value: "dk", caret: 2, in: environment)
        session.update(.postalCode, value: "12", caret: 2, event: .blur, in: environment)
        #expect(session.stateJSON(in: environment).serialized == """
            {"id":"cs_test","phase":"ready",\
            "configuration":{"cardFields":["cardNumber","expiryDate","cvv"],"billingFields":["countryCode","postalCode"],"requiresBillingAddress":true},\
            "data":{"cardNumber":"457100••••••0001","cvv":"","expiryDate":"01/31","countryCode":"DK","postalCode":"12"},\
            "fieldErrors":[{"fieldType":"postalCode","message":"Code postal invalide","errorCode":"invalid-postal-code"}],\
            "isLoading":false,"isValid":true,"displayFields":["cardNumber","expiryDate","cvv","countryCode","postalCode"],\
            "allFields":["cardNumber","expiryDate","cvv","cardholderName","firstName","lastName","email","phoneNumber","countryCode","addressLine1","addressLine2","city","state","postalCode"],\
            "selectedCountry":{"code":"DK","name":"Danemark","dialCode":"+45"},"selectedNetwork":"VISA",\
            "availableNetworks":["VISA","DANKORT"],"surchargeAmountRaw":null,"surchargeAmount":null,\
            "binData":{"preferred":"VISA","alternatives":["DANKORT"],"status":"complete"},"payment":null}
            """)
        session.update(.postalCode, value: "1050", caret: 4, in: environment)
        guard case .startPayment = session.submit(in: environment) else {
            Issue.record("expected a payment")
            return
        }
        session.paymentResult(.succeeded(id: "pay_42"))
        let json = session.stateJSON(in: environment).serialized
        #expect(json.hasPrefix(#"{"id":"cs_test","phase":"succeeded","#))
        #expect(json.hasSuffix(#""payment":{"id":"pay_42","status":"succeeded","declineCode":null,"message":null}}"#))
        #expect(json.contains(#""fieldErrors":[],"isLoading":false,"isValid":true,"#))
    }
}
