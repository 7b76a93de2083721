import Foundation
import HTTPServer
import Testing
@testable import CardFormApp
@testable import Payments

@Suite struct ServerPaymentTests {
    static let webhookSecret = "whsec_test_0123456789abcdef"

    /// Fills every card field of an open form and submits it, as the page script does.
    static func pay(
        _ form: ServerFragmentTests.OpenForm, number: String, extra: [(String, String)] = []
    ) async throws -> ServerHarness.Reply {
        try await form.send([
            ("cardNumber", number), ("expiryDate", "12/30"), ("cvv", "123"), ("cardholderName", "Jane Doe"),
        ] + extra, to: "submit")
    }

    /// Long-polls the page's events until the payment has ended; returns the fragments.
    static func result(_ form: ServerFragmentTests.OpenForm) async throws -> String {
        for _ in 0..<20 {
            let reply = try await form.harness.get("/s/\(form.id)/events?page=\(form.page)", headers: ["X-CardForm-Token": form.token])
            if reply.status == 200, !reply.body.contains(#"data-cf-phase="processing""#) { return reply.body }
        }
        throw HarnessError("the payment never ended")
    }

    static func state(_ form: ServerFragmentTests.OpenForm) async throws -> String {
        try await form.harness.get("/api/sessions/\(form.id)", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"]).body
    }

    @Test func anApprovedCardPaysAndThePageLearnsItByLongPoll() async throws {
        let form = try await ServerFragmentTests.OpenForm(#"{"amount": 2500, "currency": "EUR"}"#) { $0.processorDelayMs = 50 }
        let submitted = try await Self.pay(form, number: "4242424242424242")
        #expect(submitted.status == 200)
        #expect(submitted.body.contains(#"data-cf-phase="processing""#))
        #expect(submitted.body.contains("cf-spinner"))
        let result = try await Self.result(form)
        #expect(result.contains(#"data-cf-phase="succeeded""#))
        #expect(result.contains(#"data-cf-payment="pay_"#))
        let state = try await Self.state(form)
        #expect(state.contains(#""phase":"succeeded""#))
        #expect(state.contains(#""cardNumber":"424242••••••4242""#))
    }

    @Test func aDeclineShowsItsReasonAndTheShopperMayPayAgainWithAnotherCard() async throws {
        let form = try await ServerFragmentTests.OpenForm { $0.processorDelayMs = 10 }
        _ = try await Self.pay(form, number: "4000000000000002")
        let declined = try await Self.result(form)
        #expect(declined.contains(#"data-cf-phase="failed""#))
        #expect(declined.contains("Your card was declined. Please use another card."))
        _ = try await Self.pay(form, number: "5555555555554444")
        let approved = try await Self.result(form)
        #expect(approved.contains(#"data-cf-phase="succeeded""#))
    }

    @Test func withNothingProcessingTheEventsRouteAnswersAtOnce() async throws {
        let form = try await ServerFragmentTests.OpenForm()
        let reply = try await form.harness.get("/s/\(form.id)/events?page=\(form.page)&rev=0", headers: ["X-CardForm-Token": form.token])
        #expect(reply.status == 200 && reply.body.isEmpty)
        let refused = try await form.harness.get("/s/\(form.id)/events?page=\(form.page)")
        #expect(refused.status == 403)
    }

    @Test func fiveConcurrentSubmitsMakeOnePaymentAndOneSignedWebhook() async throws {
        let receiver = try ReceiverServer([.status(200)])
        defer { receiver.stop() }
        let form = try await ServerFragmentTests.OpenForm(#"{"amount": 1000, "currency": "EUR"}"#) {
            $0.processorDelayMs = 200
            $0.webhookURL = receiver.url("/webhooks")
            $0.webhookSecret = Self.webhookSecret
        }
        let (session, base, path, token) = (form.harness.session, form.harness.base, "/s/\(form.id)/submit", form.token)
        let body = Data(ServerHarness.encode([
            ("cardNumber", "4242424242424242"), ("expiryDate", "12/30"), ("cvv", "123"), ("cardholderName", "Jane Doe"),
            ("page", form.page),
        ]).utf8)
        let headers = ["X-CardForm-Token": token, "Content-Type": "application/x-www-form-urlencoded"]
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<5 {
                group.addTask { try await ServerHarness.request(session, base: base, "POST", path, headers: headers, body: body).status }
            }
            for try await status in group { #expect(status == 200) }
        }
        _ = try await Self.result(form)
        let deliveries = await receiver.waitForRequests(1)
        try await Task.sleep(for: .milliseconds(300))
        #expect(receiver.requests.count == 1)
        let delivery = try #require(deliveries.first)
        let event = String(decoding: delivery.body, as: UTF8.self)
        #expect(event.contains(#""type":"payment.succeeded""#))
        #expect(event.contains(#""last4":"4242""#) && !event.contains("4242424242424242"))
        let header = try #require(delivery.headers["CardForm-Signature"])
        try WebhookSignature(secret: Self.webhookSecret).verify(header: header, body: delivery.body, now: Int(Date().timeIntervalSince1970))
    }

    @Test func theMerchantsHookCanStopAPaymentWithAMessageTheShopperSees() async throws {
        let hook = try ReceiverServer([.json(#"{"decision": "abort", "message": "We cannot ship to your region."}"#)])
        defer { hook.stop() }
        let form = try await ServerFragmentTests.OpenForm { $0.beforePaymentCreateURL = hook.url("/hook") }
        _ = try await Self.pay(form, number: "4242424242424242")
        let result = try await Self.result(form)
        #expect(result.contains(#"data-cf-phase="failed""#))
        #expect(result.contains("We cannot ship to your region."))
        let request = try #require(hook.requests.first)
        let body = String(decoding: request.body, as: UTF8.self)
        #expect(body.contains(#""bin":"424242""#) && body.contains(#""last4":"4242""#) && !body.contains("4242424242424242"))
    }

    @Test func aSavedCardIsListedMaskedWithTheNetworkTheShopperChose() async throws {
        let form = try await ServerFragmentTests.OpenForm(
            #"{"customerId": "cus_42", "orderedAllowedCardNetworks": ["VISA", "CARTES_BANCAIRES"]}"#) { $0.processorDelayMs = 10 }
        #expect(try await form.harness.get("/s/\(form.id)").body.contains(#"name="saveCard""#))
        _ = try await Self.pay(form, number: "4000002500001001", extra: [("cardNetwork", "CARTES_BANCAIRES"), ("saveCard", "on")])
        _ = try await Self.result(form)
        let cards = try await form.harness.get("/api/customers/cus_42/cards", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"])
        #expect(cards.status == 200)
        #expect(cards.body.contains(#""network":"CARTES_BANCAIRES""#))
        #expect(cards.body.contains(#""last4":"1001""#) && !cards.body.contains("4000002500001001"))
        let unauthenticated = try await form.harness.get("/api/customers/cus_42/cards")
        #expect(unauthenticated.status == 401)
    }
}
