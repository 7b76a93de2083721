import Foundation
import Testing
@testable import CardFormApp

/// What the live region says: each new error with its field's label, a refused submit's count,
/// the payment's progress and outcome; each said once, in the answer where it is news.
@Suite struct ServerAnnouncementTests {
    typealias OpenForm = ServerFragmentTests.OpenForm

    static func said(_ body: String) -> String? {
        guard let start = body.range(of: "<p class=\"cf-errors__announcement\" data-cf-announcement>") else { return nil }
        return String(body[start.upperBound...].prefix { $0 != "<" })
    }

    @Test func anErrorIsSaidWithItsFieldsLabelOnceThenNoMore() async throws {
        let form = try await OpenForm()
        _ = try await form.type("cardNumber", "4242 4242 4242 4241", seq: 1, rev: 0)
        let blur = try await form.send([("field", "cardNumber"), ("value", "4242 4242 4242 4241"), ("event", "blur"), ("seq", "2")])
        #expect(Self.said(blur.body) == "Card number: Invalid card number")
        let next = try await form.send([("field", "expiryDate"), ("value", ""), ("event", "focus"), ("seq", "3")])
        #expect(Self.said(next.body) == "", "said once: the next answer carries nothing stale")
    }

    /// The page empties its live region itself once heard (cardform-announce.js): a page that
    /// holds the last answer gets no block for it.
    @Test func theNextAnswerSpendsNothingOnEmptyingTheLiveRegion() async throws {
        let form = try await OpenForm()
        func rev(_ reply: ServerHarness.Reply) -> String {
            reply.body.matches(of: /data-cf-rev="(\d+)"/).last.map { String($0.1) } ?? "0"
        }
        let typed = try await form.type("cardNumber", "4242 4242 4242 4241", seq: 1, rev: 0)
        let blur = try await form.send(
            [("field", "cardNumber"), ("value", "4242 4242 4242 4241"), ("event", "blur"), ("seq", "2"), ("rev", rev(typed))])
        #expect(Self.said(blur.body) == "Card number: Invalid card number")
        let next = try await form.send([("field", "expiryDate"), ("value", ""), ("event", "focus"), ("seq", "3"), ("rev", rev(blur))])
        #expect(!next.body.contains(#"data-cf-block="errors""#), "\(next.body)")
        #expect(!next.body.contains(#"data-cf-block="form""#))
    }

    @Test(arguments: [
        (#"{"locale": "fr"}"#, "Numéro de carte\u{A0}: Numéro de carte invalide"),
        (#"{"fields": {"cardNumber": {"label": "Long number"}}}"#, "Long number: Invalid card number"),
    ])
    func theLabelIsTheOneTheFieldShowsInThePagesLanguage(_ json: String, _ expected: String) async throws {
        let form = try await OpenForm(json)
        let blur = try await form.send([("field", "cardNumber"), ("value", "4242 4242 4242 4241"), ("event", "blur"), ("seq", "1")])
        #expect(Self.said(blur.body) == expected)
    }

    /// A label that follows the billing country is said as the country words it.
    @Test func aCountryFollowingLabelIsSaidAsTheCountryWordsIt() async throws {
        let form = try await OpenForm(#"{"billingFields": ["countryCode", "postalCode"]}"#)
        _ = try await form.send([("field", "countryCode"), ("value", "GB"), ("event", "input"), ("seq", "1")])
        let blur = try await form.send([("field", "postalCode"), ("value", "1"), ("event", "blur"), ("seq", "2")])
        let said = try #require(Self.said(blur.body))
        #expect(said.hasPrefix("Postcode: ") && said.count > "Postcode: ".count, "\(said)")
    }

    @Test func aRefusedSubmitSaysHowManyFieldsNeedAttentionInTheLanguagesPlural() async throws {
        let english = try await OpenForm()
        let one = try await english.send(
            [("cardNumber", "4242 4242 4242 4242"), ("expiryDate", "12/30"), ("cvv", "123"), ("cardholderName", "")], to: "submit")
        #expect(Self.said(one.body) == "1 field needs attention")
        let russian = try await OpenForm(#"{"locale": "ru"}"#)
        let three = try await russian.send([("cardNumber", "4242"), ("cardholderName", "Jane Doe")], to: "submit")
        let expected = try #require(russian.harness.server.app.resources.catalogs.catalog(for: "ru").plural("ui.errorCount", count: 3))
        #expect(Self.said(three.body) == expected)
        #expect(!expected.contains("plural"))
    }

    @Test func thePaymentsProgressAndOutcomeAreSaid() async throws {
        let form = try await OpenForm(#"{"amount": 2500, "currency": "EUR"}"#) { $0.processorDelayMs = 50 }
        let submitted = try await ServerPaymentTests.pay(form, number: "4242424242424242")
        #expect(Self.said(submitted.body) == "Processing your payment. Please wait.")
        let result = try await ServerPaymentTests.result(form)
        #expect(Self.said(result) == "Payment successful")
        #expect(result.contains(#"data-cf-outcome="succeeded""#))
    }

    @Test func aDeclineIsSaidWithItsReason() async throws {
        let form = try await OpenForm(#"{"amount": 2500, "currency": "EUR"}"#) { $0.processorDelayMs = 50 }
        _ = try await ServerPaymentTests.pay(form, number: "4000000000000002")
        let result = try await ServerPaymentTests.result(form)
        let said = try #require(Self.said(result))
        #expect(said.hasPrefix("Payment failed. ") && said.count > "Payment failed. ".count, "\(said)")
        #expect(result.contains(#"data-cf-outcome="failed""#))
    }
}
