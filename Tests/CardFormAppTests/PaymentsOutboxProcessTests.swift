import CardEngine
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CardFormApp
@testable import Payments

/// The durable outbox as an operator meets it: the real `cardform` binary killed with SIGKILL while
/// a webhook is in flight, started again on the same `dataDir`.
@Suite struct PaymentsOutboxProcessTests {
    static let card = [("cardNumber", "4242424242424242"), ("expiryDate", "12/30"), ("cvv", "123"), ("cardholderName", "Jane Doe")]

    @Test func anEventInFlightWhenTheServerIsKilledIsDeliveredAfterRestartWithTheSameId() async throws {
        let folder = try TemporaryFolder()
        let receiver = try ReceiverServer([.hang, .status(200)])
        defer { receiver.stop() }
        let environment = [
            "CARDFORM_WEBHOOK_URL": receiver.url("/webhooks").absoluteString,
            "CARDFORM_WEBHOOK_SECRET": "whsec_process_0123456789",
            "CARDFORM_DATA_DIR": folder.path("data"),
            "CARDFORM_PROCESSOR_DELAY_MS": "0",
        ]
        let outbox = folder.url.appendingPathComponent("data/outbox")

        let first = try await CardformProcess.start(environment: environment, logPath: folder.path("first.log"))
        let sessionId = try await first.pay(Self.card)
        let inFlight = try #require(await receiver.waitForRequests(1).first)
        try await first.stop(signal: SIGKILL)
        let id = try #require(try JSONValue.parse(inFlight.body).objectValue?["id"]?.stringValue)
        #expect(PaymentsOutboxTests.files(outbox) == ["\(id).json"])

        let second = try await CardformProcess.start(environment: environment, logPath: folder.path("second.log"))
        let requests = await receiver.waitForRequests(2)
        try #require(requests.count == 2, "not delivered after the restart: \(second.process.log)")
        #expect(requests[1].body == inFlight.body)
        let event = try JSONValue.parse(requests[1].body).objectValue
        #expect(event?["id"]?.stringValue == id && event?["type"]?.stringValue == "payment.succeeded")
        #expect(event?["data"]?.objectValue?["sessionId"]?.stringValue == sessionId)
        try WebhookSignature(secret: "whsec_process_0123456789").verify(
            header: requests[1].headers["CardForm-Signature"] ?? "", body: requests[1].body, now: Int(Date().timeIntervalSince1970))
        let deadline = ContinuousClock.now + .seconds(10)
        while !PaymentsOutboxTests.files(outbox).isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(PaymentsOutboxTests.files(outbox).isEmpty)
        try await second.stop()
    }
}
