import Foundation
import Testing
@testable import CardFormApp
@testable import Payments

/// The webhook outbox in Redis, shared by instances, against a real `redis-server`.
@Suite struct StoreRedisOutboxTests {
    static func instance(_ name: String, _ pool: RedisPool, lease: Duration = .seconds(30)) -> RedisOutbox {
        RedisOutbox(pool: pool, lease: lease, instance: name)
    }

    @Test func aLiveInstancesEventsAreItsOwnAndADeadOnesAreTakenOverOnce() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url())
        // Long enough that adding two events and claiming on a busy machine (the suites run in
        // parallel) stays within it; the sleep below outlasts it.
        let crashed = Self.instance("a", pool, lease: .seconds(1))
        let (b, c) = (Self.instance("b", pool), Self.instance("c", pool))
        let entries = [PaymentsOutboxTests.entry("evt_2", second: 2), PaymentsOutboxTests.entry("evt_1", second: 1)]
        let whileAlive = try await onOwnThread {
            for entry in entries { try crashed.add(entry) }
            return try b.claimAbandoned(limit: 10)
        }
        #expect(whileAlive.isEmpty)
        try await Task.sleep(for: .milliseconds(1_200))
        let (taken, second) = try await onOwnThread { (try b.claimAbandoned(limit: 10), try c.claimAbandoned(limit: 10)) }
        #expect(taken == entries.reversed() && second.isEmpty)
        #expect(try await onOwnThread { try c.stats() } == OutboxStats(depth: 2, oldest: entries[1].created))
    }

    @Test func aRemovedEventIsGoneForEveryone() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url())
        let (a, b) = (Self.instance("a", pool, lease: .milliseconds(100)), Self.instance("b", pool))
        let (left, stats) = try await onOwnThread {
            try a.add(PaymentsOutboxTests.entry("evt_done"))
            try a.remove("evt_done")
            usleep(200_000)
            return (try b.claimAbandoned(limit: 10), try b.stats())
        }
        #expect(left.isEmpty && stats == OutboxStats(depth: 0, oldest: nil))
    }

    @Test func withRedisDownEachCallFailsAsUnavailable() async throws {
        let port = try Loopback.reservedPort()
        let outbox = Self.instance("a", RedisPool(url: try RedisURL(parsing: "redis://127.0.0.1:\(port)/0")))
        let error = try await onOwnThread { #expect(throws: OutboxError.self) { try outbox.add(PaymentsOutboxTests.entry("evt_x")) } }
        #expect(error?.code == .unavailable)
    }

    @Test func aDispatcherDeliversWhatAnotherInstanceLeftBehind() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url())
        let event = PaymentsWebhookTests.event(id: "evt_shared")
        try await onOwnThread { try Self.instance("gone", pool, lease: .milliseconds(50)).add(OutboxEntry(event)) }
        try await Task.sleep(for: .milliseconds(100))
        let receiver = try ReceiverServer([.status(200)])
        let dispatcher = PaymentsWebhookTests.dispatcher(receiver, outbox: Self.instance("alive", pool))
        let delivered = try #require(await receiver.waitForRequests(1).first)
        #expect(delivered.body == event.body)
        #expect(await PaymentsWebhookTests.drained(dispatcher))
        #expect(try await onOwnThread { try Self.instance("alive", pool).stats().depth } == 0)
    }
}
