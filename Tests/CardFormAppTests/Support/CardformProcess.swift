import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `cardform serve` as an operator runs it: the real binary in its own process, configured by
/// `CARDFORM_*` variables, on a port of its choosing (read from its "listening on" line). Killed
/// when the test drops it, like every `ChildProcess`.
final class CardformProcess: @unchecked Sendable {
    let process: ChildProcess
    let base: String
    let session: URLSession

    private init(process: ChildProcess, base: String) {
        self.process = process
        self.base = base
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        session = URLSession(configuration: configuration)
    }

    /// Starts the server with `environment` (the secret key is added) and waits, at most 20 s,
    /// until it listens; its output goes to `logPath`.
    static func start(environment: [String: String], logPath: String) async throws -> CardformProcess {
        guard let binary = Cardform.binary else { throw Cardform.NotBuilt() }
        var environment = environment
        environment["CARDFORM_SECRET_KEY"] = environment["CARDFORM_SECRET_KEY"] ?? ServerHarness.secretKey
        let process = try ChildProcess(binary.path, ["serve", "--port", "0"], environment: environment, logPath: logPath)
        let base = try await onOwnThread {
            let deadline = ContinuousClock.now + .seconds(20)
            while ContinuousClock.now < deadline, process.isRunning {
                if let match = process.log.firstMatch(of: /listening on (http:\/\/[0-9.]+:[0-9]+)/) { return String(match.1) }
                usleep(20_000)
            }
            throw HarnessError("cardform serve did not start: \(process.log)")
        }
        return CardformProcess(process: process, base: base)
    }

    /// Stops the server with `signal` (SIGTERM: graceful; SIGKILL: as a crash) and reaps it.
    func stop(signal: Int32 = SIGTERM) async throws {
        let process = process
        _ = try await onOwnThread { process.stop(signal: signal) }
    }

    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws -> ServerHarness.Reply {
        try await ServerHarness.request(session, base: base, method, path, headers: headers, body: body)
    }

    /// Creates a session (secret key), opens its page and submits `card` as the page script does.
    func pay(_ card: [(String, String)], session json: String = #"{"amount": 1000, "currency": "EUR"}"#) async throws -> String {
        let created = try await request("POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"], body: Data(json.utf8))
        guard created.status == 201, let id = created.body.firstMatch(of: /"id":"([^"]+)"/)?.1 else {
            throw HarnessError("session not created: \(created.status) \(created.body)")
        }
        let page = try await request("GET", "/s/\(id)")
        guard let token = ServerHarness.hidden("_token", in: page.body), let pageId = ServerHarness.hidden("_page", in: page.body) else {
            throw HarnessError("no token in the page: \(page.status)")
        }
        let form = Data(ServerHarness.encode(card + [("page", pageId)]).utf8)
        let submitted = try await request(
            "POST", "/s/\(id)/submit", headers: ["X-CardForm-Token": token, "Content-Type": "application/x-www-form-urlencoded"], body: form)
        guard submitted.status == 200 else { throw HarnessError("submit answered \(submitted.status)") }
        return String(id)
    }
}
