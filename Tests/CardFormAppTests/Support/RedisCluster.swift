import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
@testable import CardFormApp

/// What an operator deploys: `redis-server`, two `cardform serve` instances sharing it (same
/// secret key, same store key) and Debian's nginx running `deploy/nginx.conf` round-robin in
/// front; a `ReceiverServer` stands in for the payment processor (it counts every payment) and the
/// webhook receiver. Every process is killed when the test drops the cluster.
final class RedisCluster: @unchecked Sendable {
    static let storeKey = String(repeating: "3c", count: 32)
    static let processorAnswer = #"{"status": "succeeded", "id": "pay_cluster"}"#

    let folder: TemporaryFolder
    let redis: RedisServerProcess
    let processor: ReceiverServer
    let webhooks: ReceiverServer
    private(set) var instances: [CardformProcess] = []
    private(set) var nginx: NginxProcess?
    private var starts = 0

    /// The instances' settings. Behind nginx every request comes from 127.0.0.1, so the
    /// per-address limit is raised to the whole connection budget (nginx limits per client).
    var environment: [String: String] {
        [
            "CARDFORM_STORE_URL": (try? redis.url().description) ?? "",
            "CARDFORM_STORE_KEY": Self.storeKey,
            "CARDFORM_PROCESSOR_KIND": "http",
            "CARDFORM_PROCESSOR_URL": processor.url("/pay").absoluteString,
            "CARDFORM_WEBHOOK_URL": webhooks.url("/webhooks").absoluteString,
            "CARDFORM_WEBHOOK_SECRET": "whsec_cluster_0123456789",
            "CARDFORM_LIMITS_CONNECTIONS_PER_ADDRESS": "1024",
        ]
    }

    private init(redis: RedisServerProcess, processor: ReceiverServer, webhooks: ReceiverServer) throws {
        folder = try TemporaryFolder()
        self.redis = redis
        self.processor = processor
        self.webhooks = webhooks
    }

    deinit {
        processor.stop()
        webhooks.stop()
    }

    /// Redis, two instances and nginx, each answering before this returns; the processor answers
    /// each payment after `processorDelay`.
    static func start(processorDelay: Duration = .milliseconds(300)) async throws -> RedisCluster {
        let redis = try await RedisServerProcess.start()
        let processor = try ReceiverServer(script: { _, _ in .after(processorDelay, .json(processorAnswer)) })
        let webhooks = try ReceiverServer(script: { _, _ in .status(200) })
        let cluster = try RedisCluster(redis: redis, processor: processor, webhooks: webhooks)
        try await cluster.startInstances()
        return cluster
    }

    /// `http://127.0.0.1:<nginx>`.
    var base: String { nginx?.base ?? "" }

    /// Starts both instances (again) and an nginx in front of them.
    func startInstances() async throws {
        instances = []
        for _ in 0..<2 {
            starts += 1
            instances.append(try await CardformProcess.start(environment: environment, logPath: folder.path("cardform-\(starts).log")))
        }
        nginx = try await NginxProcess.start(upstreams: instances.map { URL(string: $0.base)!.port! })
    }

    /// Stops both instances gracefully (nginx goes with them).
    func stopInstances() async throws {
        for instance in instances { try await instance.stop() }
        instances = []
        nginx = nil
    }

    /// Kills instance `index` as a crash would (SIGKILL); nginx keeps sending to the other.
    func kill(_ index: Int) async throws {
        try await instances[index].stop(signal: SIGKILL)
    }

    /// Every key in Redis with its value's bytes (strings, hash fields and values, sorted-set
    /// members, list and set elements).
    func dump() async throws -> [(key: String, bytes: [UInt8])] {
        let pool = RedisPool(url: try redis.url())
        return try await onOwnThread {
            var cursor = "0"
            var keys: [String] = []
            repeat {
                let reply = try pool.run(RedisCommand("SCAN", cursor, "COUNT", 1_000)).elements()
                cursor = try reply[0].text()
                keys += try reply[1].elements().map { try $0.text() }
            } while cursor != "0"
            return try keys.map { key in
                let type = try pool.run(RedisCommand("TYPE", key)).text()
                let command: RedisCommand = switch type {
                case "hash": RedisCommand("HGETALL", key)
                case "zset": RedisCommand("ZRANGE", key, 0, -1, "WITHSCORES")
                case "list": RedisCommand("LRANGE", key, 0, -1)
                case "set": RedisCommand("SMEMBERS", key)
                default: RedisCommand("GET", key)
                }
                return (key, Self.flatten(try pool.run(command)))
            }
        }
    }

    /// How many times Redis ran `command` (from `INFO commandstats`).
    func calls(_ command: String) async throws -> Int {
        let pool = RedisPool(url: try redis.url())
        let info = try await onOwnThread { try pool.run(RedisCommand("INFO", "commandstats")).text() }
        let line = info.split(whereSeparator: \.isNewline).first { $0.hasPrefix("cmdstat_\(command.lowercased()):") }
        return line.flatMap { $0.firstMatch(of: /calls=([0-9]+)/) }.flatMap { Int($0.1) } ?? 0
    }

    private static func flatten(_ reply: RedisReply) -> [UInt8] {
        switch reply {
        case .bulk(let bytes): bytes
        case .array(let elements): elements.flatMap { flatten($0) + [0x0A] }
        case .status(let text), .error(let text): Array(text.utf8)
        case .integer(let number): Array(String(number).utf8)
        case .null: []
        }
    }
}

/// A shopper's open form, driven as the page script drives it: the token and page id from the
/// page, every keystroke posted with the revision the last answer left the page holding.
struct ShopperForm: Sendable {
    /// Where events go (a restarted cluster's nginx listens elsewhere).
    var base: String
    let id: String
    let token: String
    let page: String
    let session: URLSession
    private(set) var revision = 0
    private(set) var seq = 0

    /// Creates a session through `base` (the API) and opens its page there.
    static func open(_ base: String, session: URLSession, json: String = #"{"amount": 1000, "currency": "EUR"}"#) async throws -> ShopperForm {
        let created = try await ServerHarness.request(
            session, base: base, "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"], body: Data(json.utf8))
        guard created.status == 201, let id = created.body.firstMatch(of: /"id":"([^"]+)"/)?.1 else {
            throw HarnessError("session not created: \(created.status) \(created.body)")
        }
        let page = try await ServerHarness.request(session, base: base, "GET", "/s/\(id)")
        guard let token = ServerHarness.hidden("_token", in: page.body), let pageId = ServerHarness.hidden("_page", in: page.body) else {
            throw HarnessError("no token in the page: \(page.status) \(page.body.prefix(200))")
        }
        return ShopperForm(base: base, id: String(id), token: token, page: pageId, session: session)
    }

    /// Posts `form` to `route` with the token, page and revision.
    mutating func send(_ form: [(String, String)], to route: String = "input") async throws -> ServerHarness.Reply {
        let body = ServerHarness.encode(form + [("page", page), ("rev", String(revision))])
        let reply = try await ServerHarness.request(
            session, base: base, "POST", "/s/\(id)/\(route)",
            headers: ["X-CardForm-Token": token, "Content-Type": "application/x-www-form-urlencoded"], body: Data(body.utf8))
        if let last = reply.body.matches(of: /data-cf-rev="([0-9]+)"/).last, let number = Int(last.1) { revision = number }
        return reply
    }

    /// Types `value` into `field` one character at a time; the answers, with this session's id,
    /// token and page id written as placeholders so two sessions' answers compare.
    mutating func type(_ field: String, _ value: String) async throws -> [String] {
        var answers: [String] = []
        var typed = ""
        for character in value {
            typed.append(character)
            seq += 1
            let reply = try await send([("field", field), ("value", typed), ("caret", String(typed.utf16.count)), ("seq", String(seq))])
            answers.append("\(reply.status) " + normalised(reply.body))
        }
        return answers
    }

    func normalised(_ body: String) -> String {
        body.replacingOccurrences(of: id, with: "<id>").replacingOccurrences(of: token, with: "<token>")
            .replacingOccurrences(of: page, with: "<page>")
    }
}
