import Foundation
import Testing
@testable import CardFormApp

/// A payment posted without JavaScript ends on its outcome: the answer waits for it a while, and
/// past that the processing page refreshes itself until it is known.
@Suite struct NoScriptPaymentTests {
    static let card: [(String, String)] = [
        ("cardNumber", "4242 4242 4242 4242"), ("expiryDate", "12/30"), ("cvv", "123"), ("cardholderName", "Jane Doe"),
    ]
    static let refresh = #"<noscript><meta http-equiv="refresh" content="2; url=/s/"#

    @Test func aQuickOutcomeIsTheAnswerToThePost() async throws {
        let harness = try ServerHarness { $0.processorDelayMs = 50 }
        let id = try await harness.createSession(#"{"amount": 1000, "currency": "EUR"}"#)
        let page = try await harness.openPage(id)
        let reply = try await harness.post("/s/\(id)", form: [("_token", page.token), ("_page", page.page)] + Self.card)
        #expect(reply.status == 200)
        #expect(reply.body.contains("cf-result--succeeded"))
        #expect(reply.body.contains("Payment successful"))
        #expect(!reply.body.contains(Self.refresh))
    }

    @Test func aSlowOutcomeAnswersAProcessingPageThatRefreshesUntilItIsKnown() async throws {
        // The outcome comes 4 s after the answer's 5 s wait: the page read right after the answer
        // must still find it processing even when a loaded machine is seconds late (2 s was not).
        let harness = try ServerHarness { $0.processorDelayMs = 9000 }
        let id = try await harness.createSession(#"{"amount": 1000, "currency": "EUR"}"#)
        let page = try await harness.openPage(id)
        let started = ContinuousClock.now
        let reply = try await harness.post("/s/\(id)", form: [("_token", page.token), ("_page", page.page)] + Self.card)
        #expect(ContinuousClock.now - started >= PageRoutes.outcomeWait)
        #expect(reply.status == 200)
        #expect(reply.body.contains(Self.refresh + id + #""></noscript>"#))
        #expect(reply.body.contains(#"<span class="cf-pay__label">Processing…</span>"#))
        let again = try await harness.get("/s/\(id)")
        #expect(again.body.contains(Self.refresh + id))
        var outcome = again
        for _ in 0..<60 where !outcome.body.contains("cf-result--succeeded") {
            try await Task.sleep(for: .milliseconds(250))
            outcome = try await harness.get("/s/\(id)")
        }
        #expect(outcome.body.contains("cf-result--succeeded"))
        #expect(!outcome.body.contains(Self.refresh))
    }
}
