import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
@testable import CardFormApp

/// The Redis client against a real `redis-server`. Each test starts its own server and blocks only
/// threads of its own (`onOwnThread`). Time bounds are measured around the calls themselves, so a
/// busy machine delaying the test's own scheduling does not count.
@Suite struct StoreRedisClientTests {
    static let quick = RedisPool.Options(
        timeouts: .init(connect: .milliseconds(300), command: .milliseconds(300)), maxConnections: 4,
        checkoutTimeout: .milliseconds(300))

    /// The error `call` threw (nil if none) and how long it took.
    static func timed(_ call: () throws(RedisError) -> Void) -> (RedisError?, Duration) {
        let started = ContinuousClock.now
        do throws(RedisError) {
            try call()
            return (nil, ContinuousClock.now - started)
        } catch {
            return (error, ContinuousClock.now - started)
        }
    }

    @Test func anyBytesTravelUnchangedAsKeysAndValues() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: Self.quick)
        let value = (0...255).map(UInt8.init) + Array("\r\n$3\r\n*1\r\n".utf8) + [0, 0]
        let key: [UInt8] = Array("key with spaces\r\n".utf8) + [0, 255]
        let read = try await onOwnThread {
            try pool.run(RedisCommand("SET", key, value))
            return try pool.run(RedisCommand("GET", key)).bytesOrNil()
        }
        #expect(read == value)
    }

    @Test func wholeNumbersTravelAsTheirDecimalText() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: Self.quick)
        let numbers: [Int64] = [0, 7, 9, 10, 99, 100, 1_000_000, -1, -10, -987_654_321, .max, .min]
        let read = try await onOwnThread {
            try numbers.enumerated().map { index, number in
                try pool.run(RedisCommand("SET", "n\(index)", number))
                try pool.run(RedisCommand("SET", "i\(index)", Int(number)))
                return [try pool.run(RedisCommand("GET", "n\(index)")).text(), try pool.run(RedisCommand("GET", "i\(index)")).text()]
            }
        }
        #expect(read == numbers.map { [String($0), String($0)] })
    }

    @Test func aServerErrorIsAValueWithItsMessageAndTheConnectionStaysUsable() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: Self.quick)
        let (error, after) = try await onOwnThread {
            try pool.run(RedisCommand("SET", "text", "x"))
            let error = #expect(throws: RedisError.self) { try pool.run(RedisCommand("HGET", "text", "field")) }
            return (error, try pool.run(RedisCommand("GET", "text")).text())
        }
        #expect(error?.code == .server && error?.message.hasPrefix("WRONGTYPE") == true)
        #expect(after == "x")
    }

    @Test func thePasswordAndDatabaseOfTheURLAreUsed() async throws {
        let redis = try await RedisServerProcess.start(password: "s3cret-pass")
        let onThree = RedisPool(url: try redis.url(database: 3), options: Self.quick)
        let onZero = RedisPool(url: try redis.url(database: 0), options: Self.quick)
        let (three, zero) = try await onOwnThread {
            try onThree.run(RedisCommand("SET", "where", "three"))
            return (try onThree.run(RedisCommand("GET", "where")).bytesOrNil(), try onZero.run(RedisCommand("GET", "where")).bytesOrNil())
        }
        #expect(three == Array("three".utf8) && zero == nil)
        for password in ["wrong-pass", nil] as [String?] {
            let url = password == nil ? try RedisURL(parsing: "redis://127.0.0.1:\(redis.port)/0") : try redis.url(password: password)
            let refused = try await onOwnThread {
                #expect(throws: RedisError.self) { try RedisPool(url: url, options: Self.quick).run(RedisCommand("PING")) }
            }
            #expect(refused?.code == .authenticationFailed)
            #expect(refused?.description.contains("wrong-pass") == false)
        }
    }

    @Test func overTheUnixSocketThePasswordAndDatabaseAreUsed() async throws {
        let redis = try await RedisServerProcess.start(password: "s3cret-pass")
        let socketOnThree = RedisPool(url: try redis.socketURL(database: 3), options: Self.quick)
        let (viaTCP, viaSocketOnZero) = try await onOwnThread {
            try socketOnThree.run(RedisCommand("SET", "where", "three"))
            let onZero = RedisPool(url: try redis.socketURL(database: 0), options: Self.quick)
            return (try RedisPool(url: try redis.url(database: 3)).run(RedisCommand("GET", "where")).bytesOrNil(),
                try onZero.run(RedisCommand("GET", "where")).bytesOrNil())
        }
        #expect(viaTCP == Array("three".utf8) && viaSocketOnZero == nil)
        let refused = try await onOwnThread {
            #expect(throws: RedisError.self) { try RedisPool(url: try redis.socketURL(password: "wrong-pass"), options: Self.quick).run(RedisCommand("PING")) }
        }
        #expect(refused?.code == .authenticationFailed && refused?.description.contains("wrong-pass") == false)
    }

    @Test func aSocketPathNoServerListensOnFailsQuicklyNamingThePath() async throws {
        let folder = try TemporaryFolder()
        let pool = RedisPool(url: try RedisURL(parsing: "redis+unix://\(folder.path("none.sock"))"), options: Self.quick)
        let (error, elapsed) = try await onOwnThread { Self.timed { () throws(RedisError) in try pool.run(RedisCommand("PING")) } }
        #expect(error == RedisError(.connectionFailed, "cannot connect to redis+unix://\(folder.path("none.sock"))?db=0: No such file or directory"))
        #expect(elapsed < .seconds(2))
    }

    @Test func withRedisDownACommandFailsQuicklyWithAConnectionError() async throws {
        let port = try Loopback.reservedPort()
        let pool = RedisPool(url: try RedisURL(parsing: "redis://127.0.0.1:\(port)/0"), options: Self.quick)
        let (error, elapsed) = try await onOwnThread { Self.timed { () throws(RedisError) in try pool.run(RedisCommand("PING")) } }
        #expect(error?.code == .connectionFailed)
        #expect(elapsed < .seconds(2))
    }

    @Test func afterARestartOfRedisTheNextCommandWorks() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: Self.quick)
        // Several idle connections, all of which the restart closes.
        try await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 4) { _ in _ = try? pool.run(RedisCommand("PING")) }
        }
        try await redis.stop()
        let (down, elapsed) = try await onOwnThread { Self.timed { () throws(RedisError) in try pool.run(RedisCommand("PING")) } }
        #expect(down?.code == .connectionFailed || down?.code == .connectionLost)
        #expect(elapsed < .seconds(2))
        try await redis.start()
        let answers = try await onOwnThread { try (0..<6).map { _ in try pool.run(RedisCommand("PING")).text() } }
        #expect(answers == Array(repeating: "PONG", count: 6))
    }

    @Test func aServerThatStopsAnsweringTimesOutAndTheNextCommandAfterItThawsWorks() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: Self.quick)
        _ = try await onOwnThread { try pool.run(RedisCommand("SET", "k", "before")) }
        redis.pause()
        let (frozen, elapsed) = try await onOwnThread { Self.timed { () throws(RedisError) in try pool.run(RedisCommand("GET", "k")) } }
        redis.resume()
        #expect(frozen?.code == .timeout)
        #expect(elapsed < .seconds(2))
        // The late reply to the timed-out GET must not be taken as the answer to this SET.
        let reply = try await onOwnThread {
            try pool.run(RedisCommand("SET", "k", "after"))
            return try pool.run(RedisCommand("GET", "k")).text()
        }
        #expect(reply == "after")
    }

    @Test func aCallerWaitsForAFreeConnectionAtMostTheCheckoutTimeout() async throws {
        let redis = try await RedisServerProcess.start()
        var options = Self.quick
        options.maxConnections = 1
        options.checkoutTimeout = .milliseconds(100)
        let pool = RedisPool(url: try redis.url(), options: options)
        let error = try await onOwnThread {
            try pool.withConnection { _ throws(RedisError) in
                let other = DispatchGroup()
                let result = Mutex<RedisError?>(nil)
                DispatchQueue.global().async(group: other) {
                    do throws(RedisError) { try pool.run(RedisCommand("PING")) } catch { result.withLock { $0 = error } }
                }
                other.wait()
                return result.withLock { $0 }
            }
        }
        #expect(error?.code == .poolExhausted)
        #expect(try await onOwnThread { try pool.run(RedisCommand("PING")).text() } == "PONG")
    }

    @Test func aScriptStillRunsAfterTheServerForgotItsScripts() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: Self.quick)
        let script = RedisScript(name: "double", source: "return tonumber(ARGV[1]) * 2")
        let answers = try await onOwnThread {
            let first = try pool.evaluate(script, keys: [], arguments: [21]).integer()
            try pool.run(RedisCommand("SCRIPT", "FLUSH"))
            let second = try pool.evaluate(script, keys: [], arguments: [4]).integer()
            let third = try pool.evaluate(script, keys: [], arguments: [5]).integer()
            return [first, second, third]
        }
        #expect(answers == [42, 8, 10])
    }

    /// The pool keeps each script's hash under its name, but runs what the script says: another
    /// source under the same name is loaded and run, never the first one's hash.
    @Test func aScriptWhoseSourceChangedUnderItsNameRunsItsOwnSource() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: Self.quick)
        let answers = try await onOwnThread {
            try ["* 2", "* 3", "* 2"].map { operation in
                try pool.evaluate(RedisScript(name: "same", source: "return tonumber(ARGV[1]) \(operation)"), keys: [], arguments: [5]).integer()
            }
        }
        #expect(answers == [10, 15, 10])
    }
}
