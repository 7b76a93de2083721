import Foundation
import Testing
@testable import CardFormApp

/// Versioned records and the lock with its fence: the primitives a shared session store stands on,
/// against a real `redis-server`.
@Suite struct StoreRedisRecordsTests {
    @Test func aWriteSucceedsOnlyFromTheVersionItRead() async throws {
        let redis = try await RedisServerProcess.start()
        let records = RedisRecords(pool: RedisPool(url: try redis.url()))
        let steps = try await onOwnThread {
            [
                try records.write("s:1", bytes: [1], expected: 0, ttl: .seconds(60)),
                try records.write("s:1", bytes: [2], expected: 0, ttl: .seconds(60)),
                try records.write("s:1", bytes: [3], expected: 1, ttl: .seconds(60)),
                try records.write("s:1", bytes: [4], expected: 1, ttl: .seconds(60)),
            ]
        }
        #expect(steps == [.stored(version: 1), .conflict(current: 1), .stored(version: 2), .conflict(current: 2)])
        #expect(try await onOwnThread { try records.read("s:1") } == .init(version: 2, bytes: [3]))
    }

    @Test func aRecordExpiresAfterItsTimeToLiveAndEachWriteRenewsIt() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url())
        let records = RedisRecords(pool: pool)
        let (ttl, renewed) = try await onOwnThread {
            _ = try records.write("s:ttl", bytes: [1], expected: 0, ttl: .milliseconds(300))
            let first = try pool.run(RedisCommand("PTTL", "s:ttl")).integer()
            _ = try records.write("s:ttl", bytes: [2], expected: 1, ttl: .seconds(60))
            return (first, try pool.run(RedisCommand("PTTL", "s:ttl")).integer())
        }
        #expect((1...300).contains(ttl) && renewed > 59_000)
        _ = try await onOwnThread { try records.write("s:short", bytes: [1], expected: 0, ttl: .milliseconds(100)) }
        try await Task.sleep(for: .milliseconds(250))
        #expect(try await onOwnThread { try records.read("s:short") } == nil)
    }

    @Test func concurrentUpdatesFromTwoInstancesLoseNoUpdate() async throws {
        let redis = try await RedisServerProcess.start()
        let instances = [RedisPool(url: try redis.url()), RedisPool(url: try redis.url())].map(RedisRecords.init(pool:))
        let final = try await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                for _ in 0..<40 {
                    _ = try? instances[worker % 2].update("counter", ttl: .seconds(60), attempts: 1_000) { current throws(RedisError) in
                        let count = current.map { Int(String(decoding: $0.bytes, as: UTF8.self))! } ?? 0
                        return Array(String(count + 1).utf8)
                    }
                }
            }
            return try instances[0].read("counter")
        }
        #expect(final.map { String(decoding: $0.bytes, as: UTF8.self) } == "320")
        #expect(final?.version == 320)
    }

    @Test func anUpdateThatChangesNothingWritesNothing() async throws {
        let redis = try await RedisServerProcess.start()
        let records = RedisRecords(pool: RedisPool(url: try redis.url()))
        let (result, stored) = try await onOwnThread {
            _ = try records.write("s:same", bytes: [7], expected: 0, ttl: .seconds(60))
            let result = try records.update("s:same", ttl: .seconds(60)) { _ throws(RedisError) in nil }
            return (result, try records.read("s:same"))
        }
        #expect(result == .init(version: 1, bytes: [7]) && stored?.version == 1)
    }

    @Test func oneHolderAtATimeAndALaterHolderHasALargerFence() async throws {
        let redis = try await RedisServerProcess.start()
        let lock = RedisLock(pool: RedisPool(url: try redis.url()))
        let (first, second) = try await onOwnThread {
            (try lock.acquire("pay:s1", ttl: .seconds(30)), try lock.acquire("pay:s1", ttl: .seconds(30)))
        }
        let held = try #require(first)
        #expect(second == nil)
        let (released, again) = try await onOwnThread { (try lock.release(held), try lock.acquire("pay:s1", ttl: .seconds(30))) }
        #expect(released)
        #expect(try #require(again).token > held.token)
        #expect(try await onOwnThread { try lock.release(held) } == false)
    }

    @Test func aHolderThatOutlivedItsLockCanNeitherRenewReleaseNorWrite() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url())
        let lock = RedisLock(pool: pool)
        let records = RedisRecords(pool: pool)
        let stale = try #require(try await onOwnThread { try lock.acquire("pay:s2", ttl: .milliseconds(100)) })
        try await Task.sleep(for: .milliseconds(250))
        let results = try await onOwnThread {
            let current = try #require(try lock.acquire("pay:s2", ttl: .seconds(30)))
            return (
                current,
                try lock.renew(stale, ttl: .seconds(30)), try lock.release(stale),
                try records.write("s:2", bytes: [1], expected: 0, ttl: .seconds(60), fence: stale),
                try records.write("s:2", bytes: [2], expected: 0, ttl: .seconds(60), fence: current),
                try lock.renew(current, ttl: .seconds(60)))
        }
        #expect(results.0.token > stale.token)
        #expect(!results.1 && !results.2)
        #expect(results.3 == .fenced && results.4 == .stored(version: 1) && results.5)
        #expect(try await onOwnThread { try records.read("s:2")?.bytes } == [2])
    }
}
