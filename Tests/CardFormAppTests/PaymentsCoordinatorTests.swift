import CardEngine
import Dispatch
import Foundation
import HTTPServer
import Synchronization
import Testing
@testable import CardFormApp
@testable import Payments

@Suite struct PaymentsCoordinatorTests {
    static let customer = #"{"amount": 1000, "currency": "EUR", "customerId": "cus_42", "surcharges": {"VISA": 109}}"#

    static func webhooks(_ receiver: ReceiverServer) -> WebhookDispatcher {
        var configuration = WebhookDispatcher.Configuration(url: receiver.url("/events"), secret: "whsec_test")
        configuration.baseDelay = .milliseconds(10)
        return WebhookDispatcher(configuration: configuration)
    }

    @Test func anApprovedCardPaysSavesTheChosenNetworkSendsTheEventAndWipesTheCard() async throws {
        let hookReceiver = try ReceiverServer([.json(#"{"decision": "continue"}"#)])
        let eventReceiver = try ReceiverServer([.status(200)])
        let wipes = WipeLog()
        let coordinator = PaymentCoordinator(
            processor: SandboxProcessor(delay: .zero), vault: CardVault(onWipe: wipes.record),
            hook: BeforePaymentHook(url: hookReceiver.url(), timeout: .seconds(1)), webhooks: Self.webhooks(eventReceiver))
        let draft = try PaymentsFixtures.draft("4000002500001001", options: Self.customer, network: .visa)

        let outcome = try #require(await coordinator.startAndWait(draft, saveCard: true))
        #expect(outcome.result.status == .succeeded && outcome.attempt == 1 && outcome.reasonKey == nil)
        let paymentId = try #require(outcome.result.id)
        #expect(outcome.savedCard?.network == .visa && outcome.savedCard?.last4 == "1001")
        #expect(coordinator.savedCards.cards(customerId: "cus_42").count == 1)
        #expect(coordinator.vault.count == 0)
        #expect(wipes.all.count == 1 && wipes.all[0].bytesAfterWipe.allSatisfy { $0 == 0 })

        let event = try #require(await eventReceiver.waitForRequests(1).first)
        let payment = try PaymentsFixtures.json(event.body).objectValue?["data"]?.objectValue?["payment"]
        #expect(payment == .object(JSONObject([
            ("id", .string(paymentId)), ("status", "succeeded"), ("amount", 1109), ("currency", "EUR"),
            ("network", "VISA"), ("last4", "1001"), ("declineCode", nil),
        ])))
        let hookBody = String(decoding: try #require(hookReceiver.requests.first).body, as: UTF8.self)
        #expect(hookBody.contains(#""network":"VISA","bin":"400000","last4":"1001""#))
    }

    @Test(arguments: [
        ("4000000000000002", "card_declined"), ("4000000000009995", "insufficient_funds"),
        ("4000000000000069", "expired_card"), ("4000000000000119", "processing_error"),
    ])
    func eachSandboxDeclineFailsWithItsReasonAndSavesNothing(number: String, code: String) async throws {
        let eventReceiver = try ReceiverServer([.status(200)])
        let coordinator = PaymentCoordinator(processor: SandboxProcessor(delay: .zero), webhooks: Self.webhooks(eventReceiver))
        let outcome = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft(number, options: Self.customer), saveCard: true))
        #expect(outcome.result.status == .failed && outcome.result.declineCode == code)
        #expect(outcome.reasonKey == "decline." + code && !outcome.wasAborted)
        #expect(outcome.savedCard == nil && coordinator.savedCards.cards(customerId: "cus_42").isEmpty)
        let event = try #require(await eventReceiver.waitForRequests(1).first)
        #expect(try PaymentsFixtures.json(event.body).objectValue?["type"] == "payment.failed")
    }

    @Test(arguments: [
        (ReceiverServer.Reply.json(#"{"decision": "abort", "message": "Please call us to complete this order."}"#),
         "Please call us to complete this order.", BeforePaymentDecision.AbortReason.merchant),
        (.hang, nil, .timeout),
        (.json("not json"), nil, .badResponse),
    ] as [(ReceiverServer.Reply, String?, BeforePaymentDecision.AbortReason)])
    func anAbortingHookStopsThePaymentBeforeTheProcessor(reply: ReceiverServer.Reply, message: String?, reason: BeforePaymentDecision.AbortReason) async throws {
        let hookReceiver = try ReceiverServer([reply])
        let processorReceiver = try ReceiverServer([.json(#"{"status": "succeeded", "id": "pay_1"}"#)])
        let eventReceiver = try ReceiverServer([.status(200)])
        let wipes = WipeLog()
        let coordinator = PaymentCoordinator(
            processor: HTTPProcessor(url: processorReceiver.url(), secret: nil), vault: CardVault(onWipe: wipes.record),
            hook: BeforePaymentHook(url: hookReceiver.url(), timeout: reply.patience), webhooks: Self.webhooks(eventReceiver))
        let outcome = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft()))
        #expect(outcome.result == .failed(declineCode: "aborted", message: message))
        #expect(outcome.abortReason == reason && outcome.reasonKey == "decline.aborted")
        #expect(processorReceiver.requests.isEmpty)
        #expect(wipes.all.count == 1 && coordinator.vault.count == 0)
        // An event would be enqueued before the completion ran: pending, or already received.
        #expect(coordinator.webhooks?.pendingCount == 0 && eventReceiver.requests.isEmpty)
    }

    @Test func fiveConcurrentStartsMakeOnePayment() async throws {
        let processorReceiver = try ReceiverServer([.after(.milliseconds(100), .json(#"{"status": "succeeded", "id": "pay_once"}"#))])
        let coordinator = PaymentCoordinator(processor: HTTPProcessor(url: processorReceiver.url(), secret: nil))
        let draft = try PaymentsFixtures.draft(session: "cs_five")
        let completions = Mutex<[PaymentOutcome]>([])
        let decisions = Mutex<[PaymentCoordinator.StartDecision]>([])
        DispatchQueue.concurrentPerform(iterations: 5) { _ in
            let decision = coordinator.start(draft, attempt: 1) { outcome in completions.withLock { $0.append(outcome) } }
            decisions.withLock { $0.append(decision) }
        }
        #expect(decisions.withLock { $0.filter { $0 == .started(attempt: 1) }.count } == 1)
        #expect(decisions.withLock { $0.filter { $0 == .alreadyInProgress(attempt: 1) }.count } == 4)
        let deadline = ContinuousClock.now + .seconds(10)
        while completions.withLock({ $0.isEmpty }), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(completions.withLock { $0.map(\.result) } == [.succeeded(id: "pay_once")])
        #expect(coordinator.start(draft, attempt: 1) { _ in Issue.record("a paid session paid again") } == .alreadySucceeded)
        #expect(processorReceiver.requests.count == 1)
    }

    @Test func afterAFailureTheNextStartIsANewAttempt() async throws {
        let processorReceiver = try ReceiverServer([
            .json(#"{"status": "declined", "declineCode": "insufficient_funds"}"#),
            .json(#"{"status": "succeeded", "id": "pay_2"}"#),
        ])
        let coordinator = PaymentCoordinator(processor: HTTPProcessor(url: processorReceiver.url(), secret: nil))
        let first = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft("4000000000009995", session: "cs_retry")))
        #expect(first.attempt == 1 && first.result.declineCode == "insufficient_funds")
        let second = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft("5555555555554444", session: "cs_retry"), attempt: 2))
        #expect(second.attempt == 2 && second.result == .succeeded(id: "pay_2"))
        #expect(processorReceiver.requests.map { $0.headers["Idempotency-Key"] } == ["cs_retry:1", "cs_retry:2"])
    }

    @Test func anEndedSessionIsForgottenAndItsCardsWiped() async throws {
        let wipes = WipeLog()
        let coordinator = PaymentCoordinator(processor: SandboxProcessor(delay: .zero), vault: CardVault(onWipe: wipes.record))
        let draft = try PaymentsFixtures.draft(session: "cs_gone")
        _ = try #require(await coordinator.startAndWait(draft))
        let leftover = try #require(coordinator.vault.store(draft))
        coordinator.sessionEnded("cs_gone")
        #expect(wipes.all.map(\.token).last == leftover && coordinator.vault.count == 0)
        #expect(await coordinator.startAndWait(draft)?.attempt == 1)
    }

    @Test func withoutACustomerOrWithoutAskingNoCardIsSaved() async throws {
        let coordinator = PaymentCoordinator(processor: SandboxProcessor(delay: .zero))
        let anonymous = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft(), saveCard: true))
        let notAsked = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft(options: Self.customer), saveCard: false))
        #expect(anonymous.result.status == .succeeded && notAsked.result.status == .succeeded)
        #expect(anonymous.savedCard == nil && notAsked.savedCard == nil)
        #expect(coordinator.savedCards.cards(customerId: "cus_42").isEmpty)
    }
}
