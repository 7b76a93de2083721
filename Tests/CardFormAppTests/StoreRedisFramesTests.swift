import Testing
@testable import CardFormApp
@testable import Payments

/// A script's arguments framed one by one by their types (`RedisFrames`), a sealed value sealed
/// straight into its frame, and sent after `EVALSHA` and the script's hash (or after `EVAL` and its
/// source, when the server forgot it): each argument reaches the script as its own bytes.
@Suite struct StoreRedisFramesTests {
    static let echo = RedisScript(name: "echo-frames", source: "return {KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]}")

    @Test func framedArgumentsReachTheScriptAsTheyWereWrittenThroughEitherCommand() async throws {
        let redis = try await RedisServerProcess.start()
        let pool = RedisPool(url: try redis.url(), options: StoreRedisClientTests.quick)
        let box = try SecretBox(hexKey: PaymentsSecretBoxTests.hexKey)
        let binary: [UInt8] = [0, 13, 10, 36, 255]
        var frames = RedisFrames()
        frames.append(2)
        frames.append("session:é")
        frames.append(binary)
        frames.append(Int64.min)
        frames.appendSealed(PaymentsSecretBoxTests.card, box: box, associatedData: "cs_01HZX")
        frames.append([])
        frames.append(-42)
        frames.append("last")
        #expect(frames.count == 8)
        let sent = frames
        let replies = try await onOwnThread {
            let first = try pool.evaluate(Self.echo, sent).elements().map { try $0.bytesOrNil() ?? [] }
            try pool.run(RedisCommand("SCRIPT", "FLUSH"))
            let second = try pool.evaluate(Self.echo, sent).elements().map { try $0.bytesOrNil() ?? [] }
            return [first, second]
        }
        for reply in replies {
            #expect(reply.count == 7)
            guard reply.count == 7 else { continue }
            #expect(String(decoding: reply[0], as: UTF8.self) == "session:é")
            #expect(reply[1] == binary)
            #expect(String(decoding: reply[2], as: UTF8.self) == String(Int64.min))
            #expect(reply[3].count == PaymentsSecretBoxTests.card.count + SecretBox.overhead)
            #expect(try box.open(reply[3], associatedData: PaymentsSecretBoxTests.session) == PaymentsSecretBoxTests.card)
            #expect(reply[4] == [])
            #expect(String(decoding: reply[5], as: UTF8.self) == "-42")
            #expect(String(decoding: reply[6], as: UTF8.self) == "last")
        }
    }
}
