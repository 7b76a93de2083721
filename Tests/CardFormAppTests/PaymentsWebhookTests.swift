import CardEngine
import Foundation
import HTTPServer
import Testing
@testable import CardFormApp
@testable import Payments

@Suite struct PaymentsWebhookTests {
    static let method = PaymentMethodSummary(network: .cartesBancaires, bin: "400000", last4: "1001", expiryMonth: 12, expiryYear: 2030)

    static func event(_ result: PaymentResult = .succeeded(id: "pay_1"), id: String = "evt_test") -> WebhookEvent {
        WebhookEvent(
            sessionId: "cs_1", result: result, paymentMethod: method, amount: 1109, currency: "EUR",
            created: Date(timeIntervalSince1970: 1_767_225_600), id: id)
    }

    static func dispatcher(_ receiver: ReceiverServer, capacity: Int = 100, outbox: any WebhookOutbox = MemoryOutbox()) -> WebhookDispatcher {
        dispatcher(url: receiver.url("/webhooks"), capacity: capacity, outbox: outbox)
    }

    static func dispatcher(url: URL, capacity: Int = 100, outbox: any WebhookOutbox = MemoryOutbox()) -> WebhookDispatcher {
        var configuration = WebhookDispatcher.Configuration(url: url, secret: "whsec_test")
        configuration.baseDelay = .milliseconds(10)
        configuration.maxDelay = .milliseconds(40)
        // Long enough that a busy machine never turns a slow answer into a retry the test did not expect;
        // the tests of receivers that never answer end by shutdown, not by this timeout.
        configuration.attemptTimeout = .seconds(5)
        configuration.capacity = capacity
        return WebhookDispatcher(configuration: configuration, outbox: outbox)
    }

    /// Polls until nothing is pending; returns whether it got there. The bound (10 s) is generous
    /// because other suites block the cooperative pool at times; unstarved, this takes milliseconds.
    static func drained(_ dispatcher: WebhookDispatcher) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while dispatcher.pendingCount > 0, ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        return dispatcher.pendingCount == 0
    }

    @Test(arguments: [
        (PaymentResult.succeeded(id: "pay_1"),
         #"{"id":"evt_test","type":"payment.succeeded","created":"2026-01-01T00:00:00Z","data":{"sessionId":"cs_1","#
            + #""payment":{"id":"pay_1","status":"succeeded","amount":1109,"currency":"EUR","network":"CARTES_BANCAIRES","#
            + #""last4":"1001","declineCode":null}}}"#),
        (.failed(declineCode: "processor_timeout"),
         #"{"id":"evt_test","type":"payment.failed","created":"2026-01-01T00:00:00Z","data":{"sessionId":"cs_1","#
            + #""payment":{"id":null,"status":"failed","amount":1109,"currency":"EUR","network":"CARTES_BANCAIRES","#
            + #""last4":"1001","declineCode":"processor_timeout"}}}"#),
    ])
    func anEventIsDeliveredSignedInTheContractsShape(result: PaymentResult, expected: String) async throws {
        let receiver = try ReceiverServer([.status(200)])
        let dispatcher = Self.dispatcher(receiver)
        #expect(dispatcher.enqueue(Self.event(result)))
        let sent = try #require(await receiver.waitForRequests(1).first)
        #expect(sent.path == "/webhooks" && sent.headers["Content-Type"] == "application/json")
        #expect(String(decoding: sent.body, as: UTF8.self) == expected)
        let header = try #require(sent.headers["CardForm-Signature"])
        try WebhookSignature(secret: "whsec_test").verify(header: header, body: sent.body, now: Int(Date().timeIntervalSince1970))
        #expect(await Self.drained(dispatcher))
    }

    @Test func aFailingReceiverIsRetriedUntilItAnswers2xx() async throws {
        let receiver = try ReceiverServer([.status(500), .status(503), .status(204)])
        let dispatcher = Self.dispatcher(receiver)
        dispatcher.enqueue(Self.event())
        #expect(await Self.drained(dispatcher))
        let deliveries = receiver.requests
        #expect(deliveries.count == 3)
        #expect(Set(deliveries.map(\.body)).count == 1)
        let signature = WebhookSignature(secret: "whsec_test")
        for delivery in deliveries {
            try signature.verify(header: delivery.headers["CardForm-Signature"] ?? "", body: delivery.body, now: Int(Date().timeIntervalSince1970))
        }
    }

    @Test func aReceiverThatNeverAnswersNeitherBlocksTheCallerNorShutdown() async throws {
        let receiver = try ReceiverServer([.hang])
        let dispatcher = Self.dispatcher(receiver)
        #expect(dispatcher.enqueue(Self.event()))
        _ = await receiver.waitForRequests(1)
        #expect(dispatcher.pendingCount == 1)
        await dispatcher.shutdown(gracePeriod: .milliseconds(20))
        #expect(dispatcher.pendingCount == 0)
        #expect(!dispatcher.enqueue(Self.event()))
    }

    @Test func shutdownGivesHeldEventsTheGracePeriodToBeDelivered() async throws {
        let receiver = try ReceiverServer([.status(500), .status(200)])
        let dispatcher = Self.dispatcher(receiver)
        dispatcher.enqueue(Self.event())
        await dispatcher.shutdown(gracePeriod: .seconds(10))
        #expect(receiver.requests.count == 2)
    }

    @Test func aFullQueueDropsNewEvents() async throws {
        let receiver = try ReceiverServer([.hang])
        let dispatcher = Self.dispatcher(receiver, capacity: 2)
        #expect(dispatcher.enqueue(Self.event(id: "evt_1")))
        #expect(dispatcher.enqueue(Self.event(id: "evt_2")))
        #expect(!dispatcher.enqueue(Self.event(id: "evt_3")))
        await dispatcher.shutdown(gracePeriod: .zero)
    }

    @Test(arguments: [(1, 10), (2, 20), (3, 40), (4, 40), (40, 40)])
    func theBackOffDoublesUpToItsCapWithTheUpperHalfJittered(attempt: Int, fullMilliseconds: Int) throws {
        let dispatcher = Self.dispatcher(url: URL(string: "http://127.0.0.1:9/unused")!)
        let full = Duration.milliseconds(fullMilliseconds)
        for _ in 0..<20 {
            let delay = dispatcher.delay(afterAttempt: attempt)
            #expect(delay >= full / 2 && delay <= full)
        }
    }
}
