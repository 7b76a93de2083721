import CardEngine
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import CardFormApp
@testable import CardFormSupport

/// A real cardform server on a free loopback port, with an HTTP client to talk to it.
final class ServerHarness {
    static let secretKey = "sk_test_harness_0123456789"

    let server: CardFormServer
    let logs = LogRecorder()
    let base: String
    let session: URLSession

    /// Starts a server; `configure` may change the configuration first (TTL, capacity, dev…).
    init(
        clock: EngineClock = .fixed(year: 2026, month: 11), sources: FormResources.Sources = .init(),
        _ configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws {
        var configuration = ServerConfiguration()
        configuration.secretKey = Self.secretKey
        configure(&configuration)
        let resources = sources == .init() ? try Self.defaultResources.get() : try FormResources.load(sources)
        let app = try AppContext(configuration: configuration, resources: resources, clock: clock, logger: logs.logger)
        server = try CardFormServer(app: app, host: "127.0.0.1", port: 0, sources: sources)
        base = "http://127.0.0.1:\(server.port)"
        let config = URLSessionConfiguration.ephemeral
        config.timeoutIntervalForRequest = 10
        session = URLSession(configuration: config)
    }

    deinit { server.stop() }

    /// The built-in templates, assets and strings, compiled once for every harness that uses them
    /// (as a server does once at start): compiling takes a CPU-second in a debug build, and dozens
    /// of harnesses each compiling their own kept the test run's threads busy for half a minute.
    static let defaultResources = Result { () throws(ResourceError) in try FormResources.load(.init()) }

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: String

        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil) async throws -> Reply {
        try await Self.request(session, base: base, method, path, headers: headers, body: body)
    }

    /// A request from anywhere (concurrent tasks hold only Sendable values: the session and base URL).
    static func request(
        _ session: URLSession, base: String, _ method: String, _ path: String, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> Reply {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
        return Reply(status: http.statusCode, headers: headers, body: String(decoding: data, as: UTF8.self))
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> Reply {
        try await request("GET", path, headers: headers)
    }

    /// `POST` of form fields, url-encoded as a browser does.
    func post(_ path: String, form: [(String, String)], headers: [String: String] = [:]) async throws -> Reply {
        var all = headers
        all["Content-Type"] = "application/x-www-form-urlencoded"
        return try await request("POST", path, headers: all, body: Data(Self.encode(form).utf8))
    }

    /// Creates a session through the API; returns its id.
    func createSession(_ json: String = "{}") async throws -> String {
        let reply = try await request(
            "POST", "/api/sessions", headers: ["Authorization": "Bearer \(Self.secretKey)"], body: Data(json.utf8))
        guard reply.status == 201, let data = reply.body.data(using: .utf8),
              let object = try JSONSerialization.jsonObject(with: data) as? [String: Any], let id = object["id"] as? String
        else { throw HarnessError("session not created: \(reply.status) \(reply.body)") }
        return id
    }

    /// Opens the form page: its token and page id, as the page script would read them.
    func openPage(_ id: String) async throws -> (token: String, page: String, html: String) {
        let reply = try await get("/s/\(id)")
        guard let token = Self.hidden("_token", in: reply.body), let page = Self.hidden("_page", in: reply.body) else {
            throw HarnessError("no token in page: \(reply.status)")
        }
        return (token, page, reply.body)
    }

    static func hidden(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

    static func encode(_ form: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return form.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }.joined(separator: "&")
    }
}

struct HarnessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
