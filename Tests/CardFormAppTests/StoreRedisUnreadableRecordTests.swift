import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Payments
import Testing
@testable import CardFormApp

/// A record in Redis that `cardform serve` cannot read (a newer build's format, another
/// `store.key`, cut short, damaged): the keystroke gets the 503 the page script retries, the log
/// says why in a line of its own (never a record byte, the id as its prefix), the metrics count it
/// by reason apart from Redis being unreachable, and the form answers again once the record reads.
@Suite(.serialized) struct StoreRedisUnreadableRecordTests {
    static let box = try! SecretBox(hexKey: RedisCluster.storeKey)

    /// One way to spoil a record: from its sealed bytes in Redis and their plaintext, the bytes
    /// written in their place; the log fields and the metric's reason it must give.
    struct Spoiling: Sendable {
        var name: String
        var spoil: @Sendable (_ sealed: [UInt8], _ plain: [UInt8], _ id: String) throws -> [UInt8]
        var logged: String
        var reason: String
    }

    static let cases = [
        Spoiling(name: "format 4", spoil: { _, plain, id in box.seal([4] + plain.dropFirst(), associatedData: Array(id.utf8)) },
                 logged: #""reason":"format","format":4"#, reason: "format"),
        Spoiling(name: "another store.key", spoil: { _, plain, id in
            try SecretBox(hexKey: String(repeating: "5a", count: 32)).seal(plain, associatedData: Array(id.utf8))
        }, logged: #""reason":"does not open with store.key""#, reason: "key"),
        Spoiling(name: "cut short in Redis", spoil: { sealed, _, _ in Array(sealed.prefix(20)) }, logged: #""reason":"truncated""#, reason: "truncated"),
        Spoiling(name: "cut short by its writer", spoil: { _, plain, id in
            box.seal(Array(plain.prefix(plain.count / 2)), associatedData: Array(id.utf8))
        }, logged: #""reason":"corrupt","format":3"#, reason: "corrupt"),
    ]

    @Test func anUnreadableRecordIsLoggedAndCountedByReasonAndTheShopperGetsARetryable503() async throws {
        let redis = try await RedisServerProcess.start()
        let folder = try TemporaryFolder()
        let environment = ["CARDFORM_STORE_URL": try redis.url().description, "CARDFORM_STORE_KEY": RedisCluster.storeKey]
        let server = try await CardformProcess.start(environment: environment, logPath: folder.path("serve.log"))
        let store = try StoreRedisSessionTests.store(redis, box: Self.box)
        var shopper = try await ShopperForm.open(server.base, session: server.session)
        var seq = 1
        #expect(try await shopper.send([("field", "cardNumber"), ("value", "4"), ("seq", "1")]).status == 200)
        let key = store.keys.record(shopper.id)
        let good = try store.pool.run(RedisCommand("HGET", key, "d")).bytesOrNil() ?? []
        let plain = try Self.box.open(good, associatedData: Array(shopper.id.utf8))
        for spoiling in Self.cases {
            let name = spoiling.name
            // A new version too, as another instance's write leaves it: the server's own copy is stale.
            _ = try store.pool.run(RedisCommand("HINCRBY", key, "v", 1))
            _ = try store.pool.run(RedisCommand("HSET", key, "d", try spoiling.spoil(good, plain, shopper.id)))
            seq += 1
            let refused = try await shopper.send([("field", "cardNumber"), ("value", "41"), ("seq", String(seq))])
            #expect(refused.status == 503 && refused.body.contains(#""store-unavailable""#), "\(name): \(refused.status) \(refused.body)")
            #expect(refused.header("Retry-After") == "5", "\(name)")
            // The page script's retry, once an instance that reads the record answers (here: it reads again).
            _ = try store.pool.run(RedisCommand("HINCRBY", key, "v", 1))
            _ = try store.pool.run(RedisCommand("HSET", key, "d", good))
            let retried = try await shopper.send([("field", "cardNumber"), ("value", "41"), ("seq", String(seq))])
            #expect(retried.status == 200, "\(name): \(retried.status)")
        }
        let typed = try await shopper.send([("field", "cardNumber"), ("value", "4111111111111111"), ("seq", String(seq + 1))])
        #expect(typed.body.contains(#"data-cf-value="4111 1111 1111 1111""#), "the form goes on: \(typed.status) \(typed.body.prefix(200))")
        let unreadableLines = { server.process.log.split(separator: "\n").filter { $0.contains(#""event":"store-record-unreadable""#) } }
        let deadline = ContinuousClock.now + .seconds(3)
        while unreadableLines().count < Self.cases.count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
        let lines = unreadableLines()
        #expect(lines.count == Self.cases.count, "\(lines)")
        for (spoiling, line) in zip(Self.cases, lines) {
            let fields = #""during":"request","# + spoiling.logged + #","session":"\#(shopper.id.prefix(6))"}"#
            #expect(line.contains(fields), "\(spoiling.name): \(line)")
        }
        let log = server.process.log
        #expect(!log.contains("store-unavailable"), "an unreadable record is not an outage")
        #expect(!log.contains(shopper.id) && !log.contains(shopper.token))
        #expect(!log.contains("4111111111111111") && !log.contains("4111 1111 1111 1111"), "no card number in the log")

        let scrape = try await server.request("GET", "/metrics", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"])
        let families = try PrometheusText.parse(scrape.body)
        let unreadable = try #require(families["cardform_store_unreadable_records_total"])
        #expect(unreadable.type == "counter")
        for spoiling in Self.cases { #expect(unreadable.value(["reason": spoiling.reason]) == 1, "\(spoiling.name)") }
        #expect(families["cardform_store_errors_total"]?.value(["kind": "unreadable"]) == Double(Self.cases.count))
        #expect(families["cardform_store_errors_total"]?.value(["kind": "unavailable"]) == 0)
    }
}
