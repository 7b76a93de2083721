import CardEngine
import Foundation
import Testing
@testable import CardFormApp

/// A rolling deploy: instances of the previous build and of this one write the same sessions.
@Suite struct StoreRedisRollingTests {
    /// How the previous build's write script handled the version (the rest of it, the index and
    /// the time to live, is this build's too): a number, compared as one, written as `current + 1`
    /// by Lua. This build compares and writes the decimal text.
    static let previousVersioning = RedisScript(name: "session-write-previous", source: """
        local current = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
        if current == 0 or current ~= tonumber(ARGV[1]) then return 0 end
        redis.call('HSET', KEYS[1], 'v', current + 1, 'd', ARGV[2])
        return 1
        """)

    @Test func aSessionWrittenInTurnByThePreviousBuildAndThisOneLosesNoWrite() async throws {
        let redis = try await RedisServerProcess.start()
        let store = try StoreRedisSessionTests.store(redis)
        let id = try StoreRedisSessionTests.create(store).id
        let key = store.keys.record(id)
        let step = { () throws in
            _ = try store.withSession(id[...]) { record in record.answerPage("p") { page, _, _ in page.lastSeq += 1 } }
        }
        // The previous build writes the record as it reads it (the format is the same), over the
        // version it read: its write stands only on the text this build wrote.
        let previous = { () throws -> Int64 in
            let fields = try store.pool.run(RedisCommand("HMGET", key, "v", "d")).elements()
            return try store.pool.evaluate(
                Self.previousVersioning, keys: [key], arguments: [try fields[0].text(), try fields[1].bytesOrNil() ?? []]
            ).integer()
        }
        try step()
        try step()
        #expect(try previous() == 1, "the previous build writes over this one's version")
        // This instance's copy is now stale: its write loses, it reads, and writes over Lua's number.
        try step()
        #expect(try previous() == 1)
        try step()
        guard case .live(let seq) = try store.withSession(id[...], { $0.page("p")?.lastSeq }) else { Issue.record("gone"); return }
        #expect(seq == 3, "four steps: the first one opens the page")
        #expect(try store.pool.run(RedisCommand("HGET", key, "v")).text() == "7", "created 1, four keystrokes and two earlier writes")
    }
}
