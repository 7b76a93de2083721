import Foundation
import HTTPServer
import Synchronization

/// Starts a daemon on 127.0.0.1 port 0 with small test limits.
func startServer(
    _ configure: (inout Daemon.Configuration) -> Void = { _ in },
    respond: @escaping @Sendable (Request) -> Response
) throws -> Daemon {
    var configuration = Daemon.Configuration(port: 0, connectionTimeout: .seconds(5))
    configure(&configuration)
    return try Daemon(responder: ResponderFunction(respond), configuration: configuration)
}

/// Describes the request the responder saw, one fact per line, so tests compare whole strings.
@Sendable func echo(_ request: Request) -> Response {
    var lines = [
        "method \(request.method)",
        "path \(request.path)",
        "query \(request.query ?? "-")",
        "body \(request.body.count) \(String(decoding: request.body.prefix(40), as: UTF8.self))",
    ]
    for name in ["X-Tag", "Content-Type"] where request.headers.contains(name) {
        lines.append("\(name) \(request.headers.values(for: name).joined(separator: " | "))")
    }
    return .text(lines.joined(separator: "\n"))
}

/// Counts the responder's calls, to show the daemon answered without it.
final class CallCounter: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }
    func increment() { count.add(1, ordering: .relaxed) }
}

/// Polls `condition` until it holds or `timeout` passes; returns whether it held. For states the
/// daemon reaches on its own threads (a connection suspended, a request logged).
func eventually(within timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(2_000)
    }
    return true
}

/// The completions of deferred responses, with the path of the request each one answers.
final class Waiters: Sendable {
    private let list = Mutex<[(path: String, completion: ResponseCompletion)]>([])

    var count: Int { list.withLock { $0.count } }
    var all: [(path: String, completion: ResponseCompletion)] { list.withLock { $0 } }

    func add(_ path: String, _ completion: ResponseCompletion) { list.withLock { $0.append((path, completion)) } }

    /// The completion for `path` once its request has started waiting.
    func completion(for path: String) -> ResponseCompletion? {
        var found: ResponseCompletion?
        _ = eventually { found = list.withLock { $0.first { $0.path == path }?.completion }; return found != nil }
        return found
    }
}

/// What the request log hook received, one line per request: method, route, status, outcome, deferral.
final class LogLines: Sendable {
    private let entries = Mutex<[RequestLogEntry]>([])

    var all: [String] {
        entries.withLock { $0 }.map { entry in
            "\(entry.method) \(entry.route ?? "-") \(entry.status?.code ?? 0) \(entry.outcome.rawValue) \(entry.deferral?.rawValue ?? "-")"
        }
    }

    var durations: [Duration] { entries.withLock { $0.map(\.duration) } }

    func record(_ entry: RequestLogEntry) { entries.withLock { $0.append(entry) } }
}
