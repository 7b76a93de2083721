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
