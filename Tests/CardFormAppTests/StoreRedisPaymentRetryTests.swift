import CardEngine
import Foundation
import HTTPServer
import Testing
@testable import CardFormApp
@testable import Payments

/// A payment whose outcome is unknown, retried through another instance: two instances' stores and
/// payment services on one real redis-server, and a real HTTP processor stub. The attempt number
/// (the idempotency key's end) is the session record's, so the retry sends the key the first try
/// was sent under, wherever it lands.
@Suite struct StoreRedisPaymentRetryTests {
    static let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 6))
    static let succeeded = #"{"status": "succeeded", "id": "pay_late"}"#

    /// What an instance shares through Redis and pays with: its own store connections and its own
    /// coordinator (vault, attempts in memory) over the processor at `processor`. The processor's
    /// timeout is short, so the stub's hang costs little; long enough for an answer on a busy machine.
    struct Instance {
        let store: any SessionStore
        let payments: PaymentService

        init(_ redis: RedisServerProcess, processor: URL) throws {
            var configuration = ServerConfiguration()
            configuration.store.url = try redis.url()
            configuration.store.key = try StoreKey(StoreRedisVaultTests.key)
            store = try configuration.store.resolve().sessionStore(lifetime: configuration.sessionLifetime, capacity: 100)
            payments = PaymentService(
                coordinator: PaymentCoordinator(processor: HTTPProcessor(url: processor, secret: nil, timeout: .seconds(2))),
                store: store, metrics: Metrics(), logger: .silent, pollInterval: .milliseconds(50))
        }

        /// The shopper submits the card on this instance, as the submit route does; returns once the
        /// payment it started ended (the result is in the record), or at once when none started.
        func submit(_ id: String, card: String = "4242424242424242") async throws {
            let lookup = try store.withSession(id[...]) { record -> PaymentStart? in
                for (field, value) in [(FieldType.cardNumber, card), (.expiryDate, "12/30"), (.cvv, "123"), (.cardholderName, "Ada")] {
                    record.session.update(field, value: value, caret: value.utf16.count, event: .paste, in: StoreRedisPaymentRetryTests.environment)
                }
                return record.submit(FormFields([]), saveCard: false, from: "page", in: StoreRedisPaymentRetryTests.environment).payment
            }
            guard case .live(let started) = lookup, let payment = started else { return }
            payments.start(payment, sessionId: id)
            let deadline = ContinuousClock.now + .seconds(20)
            while try phase(id) == .processing, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        }

        func phase(_ id: String) throws -> SessionPhase.Name? {
            guard case .live(let name) = try store.withSession(id[...], { $0.session.phase.name }) else { return nil }
            return name
        }

        func record(_ id: String) throws -> SessionRecord? {
            guard case .live(let record) = try store.withSession(id[...], { $0 }) else { return nil }
            return record
        }
    }

    static func keys(_ processor: ReceiverServer) -> [String?] {
        processor.requests.map { $0.headers["Idempotency-Key"] }
    }

    @Test func aRetryAfterATimeoutOnAnotherInstanceSendsTheSameKeyAndTheSessionPaysOnce() async throws {
        let redis = try await RedisServerProcess.start()
        let processor = try ReceiverServer([.hang, .json(Self.succeeded)])
        let (a, b) = (try Instance(redis, processor: processor.url()), try Instance(redis, processor: processor.url()))
        let id = try a.store.create(now: Date()) { CardSession(id: $0, configuration: SessionConfiguration(), environment: Self.environment) }.id

        try await a.submit(id)
        #expect(try a.record(id)?.session.payment == .failed(declineCode: "processor_timeout"))
        #expect(try b.record(id)?.payments == PaymentAttempts(last: 1, isUnknown: true), "every instance reads the unknown attempt")
        #expect(a.payments.coordinator.vault.count == 1, "the unknown attempt keeps its card where it was vaulted")

        try await b.submit(id)
        #expect(Self.keys(processor) == ["\(id):1", "\(id):1"])
        let paid = try #require(try a.record(id))
        #expect(paid.session.phase.name == .succeeded && paid.session.payment?.id == "pay_late")
        #expect(paid.payments == PaymentAttempts(last: 1, isUnknown: false))
        #expect(b.payments.coordinator.vault.count == 0, "a definite answer wipes the card vaulted for the retry")

        try await a.submit(id)
        try await b.submit(id)
        #expect(processor.requests.count == 2, "a session that paid never pays again, on either instance")
    }

    @Test func aDeclineThenAnUnknownAttemptThenARetryOnAnotherInstanceSendsKeysOneTwoTwo() async throws {
        let redis = try await RedisServerProcess.start()
        let processor = try ReceiverServer([
            .json(#"{"status": "declined", "declineCode": "card_declined"}"#), .hang, .json(Self.succeeded),
        ])
        let (a, b) = (try Instance(redis, processor: processor.url()), try Instance(redis, processor: processor.url()))
        let id = try a.store.create(now: Date()) { CardSession(id: $0, configuration: SessionConfiguration(), environment: Self.environment) }.id

        try await a.submit(id)
        #expect(try a.record(id)?.session.payment == .failed(declineCode: "card_declined"))
        try await a.submit(id, card: "5555555555554444")
        #expect(try a.record(id)?.payments == PaymentAttempts(last: 2, isUnknown: true))
        try await b.submit(id, card: "5555555555554444")

        #expect(Self.keys(processor) == ["\(id):1", "\(id):2", "\(id):2"])
        let paid = try #require(try b.record(id))
        #expect(paid.session.phase.name == .succeeded && paid.session.payment?.id == "pay_late")
        #expect(paid.payments == PaymentAttempts(last: 2, isUnknown: false))
    }

    @Test func anUnknownAttemptSettledElsewhereIsNotSentAgainByTheInstanceThatHeldIt() async throws {
        let redis = try await RedisServerProcess.start()
        let processor = try ReceiverServer([
            .hang, .json(#"{"status": "declined", "declineCode": "card_declined"}"#), .json(Self.succeeded),
        ])
        let (a, b) = (try Instance(redis, processor: processor.url()), try Instance(redis, processor: processor.url()))
        let id = try a.store.create(now: Date()) { CardSession(id: $0, configuration: SessionConfiguration(), environment: Self.environment) }.id

        try await a.submit(id)
        try await b.submit(id)
        #expect(try a.record(id)?.payments == PaymentAttempts(last: 1, isUnknown: false), "the retry on B found attempt 1 declined")
        try await a.submit(id, card: "5555555555554444")

        #expect(Self.keys(processor) == ["\(id):1", "\(id):1", "\(id):2"])
        #expect(processor.requests.last.map { (try? PaymentsFixtures.json($0.body).objectValue?["paymentMethod"]?.objectValue?["last4"]?.stringValue) ?? nil } == "4444")
        #expect(try a.record(id)?.session.payment?.id == "pay_late")
        #expect(a.payments.coordinator.vault.count == 0, "the card A held for attempt 1 was wiped, not resent")
    }
}
