import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import CardFormApp

/// Two `cardform serve` instances sharing one Redis behind nginx (round-robin, no stickiness):
/// any instance answers any request, as one instance would, through crashes, restarts and a
/// Redis outage, with exactly one payment per session and no card data in Redis in plaintext.
@Suite(.serialized) struct StoreRedisClusterTests {
    static let card = [("cardNumber", "4111111111111111"), ("expiryDate", "1230"), ("cvv", "904"), ("cardholderName", "ada lovelace")]

    static func session() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 15
        return URLSession(configuration: configuration)
    }

    /// One instance on memory, the reference the cluster's answers are compared with.
    static func reference(_ folder: TemporaryFolder) async throws -> CardformProcess {
        try await CardformProcess.start(environment: [:], logPath: folder.path("reference.log"))
    }

    @Test func theClusterAnswersKeystrokesAsOneInstanceDoesEvenWhenAnInstanceDiesMidForm() async throws {
        let cluster = try await RedisCluster.start()
        let reference = try await Self.reference(cluster.folder)
        let http = Self.session()
        var shopper = try await ShopperForm.open(cluster.base, session: http)
        var alone = try await ShopperForm.open(reference.base, session: http)
        let reads = try await cluster.calls("hmget")
        for (field, value) in Self.card.prefix(2) {
            #expect(try await shopper.type(field, value) == alone.type(field, value))
        }
        let keystrokes = Self.card.prefix(2).map(\.1.count).reduce(0, +)
        // At most: an instance that finds its own last write still current skips the next read.
        #expect(try await cluster.calls("hmget") - reads <= keystrokes, "at most one read per keystroke")
        try await cluster.kill(0)
        for (field, value) in Self.card.dropFirst(2) {
            #expect(try await shopper.type(field, value) == alone.type(field, value))
        }
        let submitted = try await shopper.send(Self.card, to: "submit")
        #expect(submitted.status == 200)
        #expect(await cluster.processor.waitForRequests(1).count == 1)
        let state = try await Self.waitForPhase("succeeded", shopper, through: cluster.base, http)
        #expect(state.contains(#""phase":"succeeded""#), "\(state)")
    }

    @Test func anOpenFormContinuesAfterBothInstancesRestart() async throws {
        let cluster = try await RedisCluster.start()
        let reference = try await Self.reference(cluster.folder)
        let http = Self.session()
        var shopper = try await ShopperForm.open(cluster.base, session: http)
        var alone = try await ShopperForm.open(reference.base, session: http)
        #expect(try await shopper.type("cardNumber", "41111111") == alone.type("cardNumber", "41111111"))
        try await cluster.stopInstances()
        try await cluster.startInstances()
        shopper.base = cluster.base
        let answers = try await shopper.type("cardNumber", "41111111" + "11111111")
        let expected = try await alone.type("cardNumber", "41111111" + "11111111")
        #expect(Array(answers.dropFirst(8)) == Array(expected.dropFirst(8)))
        #expect(answers.last?.contains(#"data-cf-value="4111 1111 1111 1111""#) == true)
    }

    @Test func fiveConcurrentSubmitsOverBothInstancesMakeOnePayment() async throws {
        let cluster = try await RedisCluster.start()
        let http = Self.session()
        var shopper = try await ShopperForm.open(cluster.base, session: http)
        for (field, value) in Self.card { _ = try await shopper.type(field, value) }
        let form = shopper
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    var copy = form
                    return try await copy.send(Self.card, to: "submit").status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == [200, 200, 200, 200, 200])
        _ = try await Self.waitForPhase("succeeded", shopper, through: cluster.base, http)
        try await Task.sleep(for: .milliseconds(500))
        #expect(cluster.processor.requests.count == 1)
        let webhooks = await cluster.webhooks.waitForRequests(1)
        #expect(webhooks.count == 1 && String(decoding: webhooks[0].body, as: UTF8.self).contains("payment.succeeded"))
    }

    @Test func aPageWaitingOnOneInstanceWakesWhenThePaymentEndsOnTheOther() async throws {
        let cluster = try await RedisCluster.start(processorDelay: .milliseconds(1_500))
        let http = Self.session()
        var shopper = try await ShopperForm.open(cluster.instances[0].base, session: http)
        for (field, value) in Self.card { _ = try await shopper.type(field, value) }
        #expect(try await shopper.send(Self.card, to: "submit").status == 200)
        let started = ContinuousClock.now
        let query = "page=\(shopper.page)&rev=\(shopper.revision)"
        let woken = try await ServerHarness.request(
            http, base: cluster.instances[1].base, "GET", "/s/\(shopper.id)/events?\(query)", headers: ["X-CardForm-Token": shopper.token])
        let waited = ContinuousClock.now - started
        #expect(woken.status == 200 && woken.body.contains("data-cf-block"))
        #expect(waited > .milliseconds(500) && waited < .seconds(5), "woken after \(waited)")
    }

    @Test func aResultArrivingWhileRedisIsFrozenIsStoredOnceItAnswersAgain() async throws {
        let cluster = try await RedisCluster.start(processorDelay: .milliseconds(800))
        let http = Self.session()
        var shopper = try await ShopperForm.open(cluster.instances[0].base, session: http)
        for (field, value) in Self.card { _ = try await shopper.type(field, value) }
        #expect(try await shopper.send(Self.card, to: "submit").status == 200)
        cluster.redis.pause()
        #expect(await cluster.processor.waitForRequests(1).count == 1)
        try await Task.sleep(for: .milliseconds(2_500))
        cluster.redis.resume()
        let state = try await Self.waitForPhase("succeeded", shopper, through: cluster.instances[0].base, http)
        #expect(state.contains(#""phase":"succeeded""#), "\(state)")
    }

    @Test func withRedisStoppedEveryRouteAnswers503AndTheClusterRecoversWhenRedisIsBack() async throws {
        let cluster = try await RedisCluster.start()
        let http = Self.session()
        var shopper = try await ShopperForm.open(cluster.base, session: http)
        _ = try await shopper.type("cardNumber", "4111")
        try await cluster.redis.stop()
        let api = ["Authorization": "Bearer \(ServerHarness.secretKey)"]
        for _ in 0..<2 {
            let typed = try await shopper.send([("field", "cvv"), ("value", "1")])
            #expect(typed.status == 503 && typed.body.contains(#""store-unavailable""#))
            #expect(try await ServerHarness.request(http, base: cluster.base, "GET", "/s/\(shopper.id)").status == 503)
            #expect(try await ServerHarness.request(http, base: cluster.base, "GET", "/api/sessions/\(shopper.id)", headers: api).status == 503)
            // Readiness is asked of each instance at its own port (nginx refuses /readyz: through the
            // round-robin a check would read whichever instance it lands on).
            for instance in cluster.instances {
                let ready = try await ServerHarness.request(http, base: instance.base, "GET", "/readyz")
                #expect(ready.status == 503 && ready.body.contains(#""store-unavailable""#))
            }
        }
        #expect(cluster.instances.allSatisfy { $0.process.isRunning })
        try await cluster.redis.start()
        for instance in cluster.instances {
            #expect(try await ServerHarness.request(http, base: instance.base, "GET", "/readyz").status == 200)
        }
        #expect(try await ServerHarness.request(http, base: cluster.base, "GET", "/readyz").status == 403)
        var next = try await ShopperForm.open(cluster.base, session: http)
        #expect(try await next.type("cvv", "12").allSatisfy { $0.hasPrefix("200 ") })
    }

    @Test func afterACardIsTypedNoKeyOrValueInRedisHoldsItInPlaintext() async throws {
        let cluster = try await RedisCluster.start()
        var shopper = try await ShopperForm.open(cluster.base, session: Self.session())
        for (field, value) in Self.card.prefix(3) { _ = try await shopper.type(field, value) }
        let entries = try await cluster.dump()
        #expect(entries.contains { $0.key.contains(shopper.id) })
        let secrets = ["4111111111111111", "4111 1111 1111 1111", "12/30", "cardNumber", "cvv", #""904""#, shopper.token]
        var needles = secrets.map { Array($0.utf8) }
        for secret in ["4111111111111111", "904"] {
            needles.append(Array(Data(secret.utf8).base64EncodedString().utf8))
            let hex = secret.utf8.map { byte in String(byte, radix: 16) }.joined()
            needles.append(Array(hex.utf8))
        }
        for entry in entries {
            let haystack = Array(entry.key.utf8) + [0] + entry.bytes
            for needle in needles where Self.contains(haystack, needle) {
                Issue.record("\(entry.key) holds \(String(decoding: needle, as: UTF8.self)) in plaintext")
            }
        }
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The session's state JSON once its phase is `phase`, at most 10 s.
    static func waitForPhase(_ phase: String, _ form: ShopperForm, through base: String, _ http: URLSession) async throws -> String {
        let deadline = ContinuousClock.now + .seconds(10)
        var body = ""
        while ContinuousClock.now < deadline {
            body = try await ServerHarness.request(
                http, base: base, "GET", "/api/sessions/\(form.id)", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"]).body
            if body.contains(#""phase":"\#(phase)""#) { return body }
            try await Task.sleep(for: .milliseconds(100))
        }
        return body
    }
}
