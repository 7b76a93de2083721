import Foundation
import Testing
@testable import CardFormApp

/// Scripts of many threads at once on the pool, against a real `redis-server`.
@Suite struct StoreRedisScriptThreadsTests {
    /// Timeouts long enough that a busy machine fails no call.
    static let patient = RedisPool.Options(
        timeouts: .init(connect: .seconds(5), command: .seconds(5)), maxConnections: 8, checkoutTimeout: .seconds(5))

    /// Echoes its argument after counting the call in KEYS[1].
    static let echo = RedisScript(name: "echo", source: "redis.call('INCR', KEYS[1]) return ARGV[1]")

    /// Runs `work(n)` on `count` threads of their own at once; the outcomes by `n`.
    static func onThreads<T: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) -> T) async -> [T] {
        await withTaskGroup(of: (Int, T).self) { group in
            for n in 0..<count { group.addTask { await offThePool { (n, work(n)) } } }
            var outcomes: [(Int, T)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    @Test func scriptsOfManyThreadsEachGetTheirOwnReply() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: Self.patient)
        let answers = await Self.onThreads(8) { thread in
            (0..<200).map { call in
                (try? pool.evaluate(Self.echo, keys: ["calls"], arguments: ["\(thread)-\(call)"]).text()) ?? "failed"
            }
        }
        #expect(answers == (0..<8).map { thread in (0..<200).map { "\(thread)-\($0)" } })
        #expect(try await onOwnThread { try pool.run(RedisCommand("GET", "calls")).text() } == "1600")
    }

    @Test func aServerThatStopsAnsweringFailsEveryCallerAndTheNextScriptWorks() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: StoreRedisClientTests.quick)
        _ = try await onOwnThread { try pool.evaluate(Self.echo, keys: ["calls"], arguments: ["warm"]).text() }
        redis.pause()
        let outcomes = await Self.onThreads(4) { _ in
            StoreRedisClientTests.timed { () throws(RedisError) in _ = try pool.evaluate(Self.echo, keys: ["calls"], arguments: ["x"]) }
        }
        redis.resume()
        for (error, elapsed) in outcomes {
            #expect(error.map { [.timeout, .connectionFailed, .connectionLost].contains($0.code) } == true)
            // Each within the timeouts (300 ms), with room for a busy machine.
            #expect(elapsed < .seconds(3))
        }
        #expect(try await onOwnThread { try pool.evaluate(Self.echo, keys: ["calls"], arguments: ["after"]).text() } == "after")
    }
}
