import CardEngine
import Foundation
import HTTPServer
import Synchronization
import Testing
@testable import CardFormApp
@testable import Payments

/// A payment whose outcome is unknown keeps its card and idempotency key until a definite answer,
/// against real local processors: an HTTP stub that times out once, a socket that closes on one.
@Suite struct PaymentsUnknownOutcomeTests {
    static let succeeded = #"{"status": "succeeded", "id": "pay_late"}"#

    /// Each charge goes to the next processor of the list: a timeout per try.
    final class InTurn: PaymentProcessor {
        private let processors: [HTTPProcessor]
        private let next = Mutex(0)
        init(_ processors: [HTTPProcessor]) { self.processors = processors }
        func process(_ request: ProcessorRequest, vault: CardVault) async -> PaymentResult {
            let index = next.withLock { index in defer { index += 1 }; return min(index, processors.count - 1) }
            return await processors[index].process(request, vault: vault)
        }
    }

    static func events(_ coordinator: PaymentCoordinator, _ receiver: ReceiverServer) async throws -> [String?] {
        let dispatcher = try #require(coordinator.webhooks)
        #expect(await PaymentsWebhookTests.drained(dispatcher))
        return try receiver.requests.map { try PaymentsFixtures.json($0.body).objectValue?["type"]?.stringValue }
    }

    @Test func aRetryAfterATimeoutResendsTheSameCardAndKeySoTheProcessorCanAnswerTheFirstCharge() async throws {
        let processorReceiver = try ReceiverServer([.hang, .json(Self.succeeded)])
        let eventReceiver = try ReceiverServer([.status(200)])
        let wipes = WipeLog()
        // The first try hangs and must time out (a short wait); the retry must not, however busy the
        // machine running the tests is (a long one). Both are the real HTTP processor.
        let processor = InTurn([
            HTTPProcessor(url: processorReceiver.url(), secret: nil, timeout: .seconds(1)),
            HTTPProcessor(url: processorReceiver.url(), secret: nil, timeout: .seconds(30)),
        ])
        let coordinator = PaymentCoordinator(
            processor: processor, vault: CardVault(onWipe: wipes.record),
            webhooks: PaymentsCoordinatorTests.webhooks(eventReceiver))

        let first = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft(session: "cs_unknown")))
        #expect(first.result == .failed(declineCode: "processor_timeout") && first.attempt == 1)
        #expect(first.reasonKey == "decline.processor_timeout")
        #expect(coordinator.vault.count == 1 && wipes.all.isEmpty)

        let second = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft(session: "cs_unknown")))
        #expect(second.result == .succeeded(id: "pay_late") && second.attempt == 1)
        let sent = processorReceiver.requests
        #expect(sent.map { $0.headers["Idempotency-Key"] } == ["cs_unknown:1", "cs_unknown:1"])
        #expect(Set(sent.map { try? PaymentsFixtures.json($0.body).objectValue?["token"] }).count == 1)
        #expect(coordinator.vault.count == 0 && wipes.all.count == 1)
        #expect(try await Self.events(coordinator, eventReceiver) == ["payment.succeeded"])
        #expect(coordinator.start(try PaymentsFixtures.draft(session: "cs_unknown"), attempt: 1) { _ in } == .alreadySucceeded)
    }

    @Test func aLostConnectionIsUnknownTooAndADeclineFoundOnRetryLetsTheShoppersNewCardPay() async throws {
        let processor = try ScriptedSocketServer([
            .close,
            .answer(status: 200, body: #"{"status": "declined", "declineCode": "insufficient_funds"}"#),
            .answer(status: 200, body: Self.succeeded),
        ])
        let eventReceiver = try ReceiverServer([.status(200)])
        let coordinator = PaymentCoordinator(
            processor: HTTPProcessor(url: processor.url, secret: nil, timeout: .seconds(5)),
            webhooks: PaymentsCoordinatorTests.webhooks(eventReceiver))

        let lost = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft(session: "cs_lost")))
        #expect(lost.result == .failed(declineCode: "processor_connection_lost") && coordinator.vault.count == 1)
        #expect(lost.reasonKey == "decline.processor_timeout")

        let paid = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft("5555555555554444", session: "cs_lost")))
        #expect(paid.result == .succeeded(id: "pay_late") && paid.attempt == 2)
        let keys = processor.requests.map { $0.firstMatch(of: /(?i)idempotency-key: *([^\r]+)/).map { String($0.1) } }
        #expect(keys == ["cs_lost:1", "cs_lost:1", "cs_lost:2"])
        #expect(processor.requests.map { $0.contains(#""last4":"4242""#) } == [true, true, false])
        #expect(coordinator.vault.count == 0)
        // Two events, each delivered on its own: their order of arrival is not promised.
        #expect(try await Self.events(coordinator, eventReceiver).sorted { ($0 ?? "") < ($1 ?? "") } == ["payment.failed", "payment.succeeded"])
    }

    @Test func aDefiniteFailureReleasesTheCardAndTheNextSubmitIsANewAttempt() async throws {
        let processorReceiver = try ReceiverServer([
            .json(#"{"status": "declined", "declineCode": "card_declined"}"#), .json(Self.succeeded),
        ])
        let coordinator = PaymentCoordinator(processor: HTTPProcessor(url: processorReceiver.url(), secret: nil))
        let declined = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft(session: "cs_definite")))
        #expect(declined.result.declineCode == "card_declined" && coordinator.vault.count == 0)
        let paid = try #require(await coordinator.startAndWait(try PaymentsFixtures.draft(session: "cs_definite"), attempt: 2))
        #expect(paid.attempt == 2)
        #expect(processorReceiver.requests.map { $0.headers["Idempotency-Key"] } == ["cs_definite:1", "cs_definite:2"])
    }
}
