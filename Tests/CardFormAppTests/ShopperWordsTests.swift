import CardEngine
import Foundation
import Testing
@testable import CardFormApp

/// What the shopper reads: no "CID", and a decline notice that goes once the card is edited.
@Suite struct ShopperWordsTests {
    /// The text a page shows: tags, attribute values and comments left out.
    static func visibleText(_ html: String) -> String {
        html.replacing(/<[^>]*>/, with: " ")
    }

    @Test(arguments: ["en", "fr", "de", "es", "ja"])
    func anAmexSecurityCodeIsNeverCalledCID(locale: String) throws {
        let (_, html) = try FieldLookViewTests.form(#"{"locale": "\#(locale)"}"#, typed: [(.cardNumber, "378282246310005"), (.cvv, "12")])
        #expect(html.contains(#"data-cf-code="CID""#), "the code's name stays available to designers")
        #expect(!Self.visibleText(html).contains("CID"))
    }

    @Test func theDeclineNoticeGoesAsSoonAsTheCardIsEdited() async throws {
        let form = try await ServerFragmentTests.OpenForm { $0.processorDelayMs = 10 }
        _ = try await ServerPaymentTests.pay(form, number: "4000000000000002")
        let declined = try await ServerPaymentTests.result(form)
        #expect(declined.contains("cf-notice--failed"))
        let edited = try await form.type("cardNumber", "4000 0000 0000 000", seq: 10)
        #expect(edited.body.contains(#"data-cf-block="submitButton""#))
        #expect(!edited.body.contains("cf-notice--failed"))
        let page = try await form.harness.get("/s/\(form.id)")
        #expect(!page.body.contains("cf-notice--failed"))
    }
}
