import Dispatch
import Foundation
import Synchronization
import Testing
@testable import CardFormApp

/// Scripts of several threads sent together (`RedisBatch`) and commands pipelined on one
/// connection, against a real `redis-server`.
@Suite struct StoreRedisBatchTests {
    /// Timeouts long enough to pause the server a moment without any call failing.
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

    /// Whether `condition` held within 10 s (checked every 10 ms).
    static func until(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
        for _ in 0..<1_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// `total_reads_processed` of `INFO stats`: how many reads the server made from its clients,
    /// this call's own included.
    static func reads(_ pool: RedisPool) throws -> Int {
        let info = try pool.run(RedisCommand("INFO", "stats")).text()
        let line = info.split(whereSeparator: \.isNewline).first { $0.hasPrefix("total_reads_processed:") }
        return try #require(line.flatMap { Int($0.split(separator: ":")[1]) })
    }

    @Test func pipelinedCommandsAnswerInOrderAndAServerErrorAnswersOnlyItsOwn() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: Self.patient)
        let outcomes = try await onOwnThread {
            try pool.withConnection { connection in
                connection.run([
                    RedisCommand("SET", "k", "1"), RedisCommand("HGET", "k", "field"), RedisCommand("INCR", "k"),
                    RedisCommand("GET", "k"),
                ])
            }
        }
        #expect(outcomes.map { try? $0.get() } == [.status("OK"), nil, .integer(2), .bulk(Array("2".utf8))])
        #expect(throws: RedisError.self) { try outcomes[1].get() }.map { #expect($0.code == .server && $0.message.hasPrefix("WRONGTYPE")) }
        #expect(try await onOwnThread { try pool.run(RedisCommand("GET", "k")).text() } == "2")
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
        // Every place a sender took was given back: none is lost to two senders finishing at once.
        #expect(pool.batch.withLock { $0.inFlight } == 0)
        #expect(try await onOwnThread { try pool.run(RedisCommand("GET", "calls")).text() } == "1600")
    }

    /// While the limit of batches is out (the server paused), the scripts called meanwhile wait
    /// and then go together: the server reads them in one read, not one each.
    @Test func scriptsCalledWhileOneIsOutGoTogetherInOneWrite() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: Self.patient)
        // Loads the script and opens a connection for each caller, so nothing else is read below.
        _ = await Self.onThreads(6) { _ in try? pool.evaluate(Self.echo, keys: ["warm"], arguments: ["x"]).text() }
        let before = try await onOwnThread { try Self.reads(pool) }
        redis.pause()
        #expect(RedisBatch.inFlightLimit == 2)
        let first = Task { await Self.onThreads(2) { n in try? pool.evaluate(Self.echo, keys: ["calls"], arguments: ["first \(n)"]).text() } }
        // Waits on the batch itself, not on time: a busy machine starts threads late.
        #expect(await Self.until { pool.batch.withLock { $0.inFlight } == 2 })
        let others = Task { await Self.onThreads(5) { n in try? pool.evaluate(Self.echo, keys: ["calls"], arguments: ["\(n)"]).text() } }
        #expect(await Self.until { pool.batch.withLock { $0.queue.count } == 5 })
        redis.resume()
        #expect(await first.value == ["first 0", "first 1"])
        #expect(await others.value == (0..<5).map { "\($0)" })
        let after = try await onOwnThread { try Self.reads(pool) }
        // The two paused scripts (one each), the five others together, and this INFO: one read per
        // script would be 8.
        #expect(after - before == 4)
        #expect(pool.batch.withLock { $0.inFlight } == 0)
    }

    @Test func aBatchWhoseServerStopsAnsweringFailsEveryCallerAndTheNextScriptWorks() async throws {
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
            // One batch before its own at most, each within the timeouts (300 ms).
            #expect(elapsed < .seconds(3))
        }
        #expect(try await onOwnThread { try pool.evaluate(Self.echo, keys: ["calls"], arguments: ["after"]).text() } == "after")
    }
}
