import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A bare TCP server on 127.0.0.1, port 0, for what an HTTP server will not do on purpose: take a
/// request and close the connection without a word (a processor lost mid-exchange). Each
/// connection, in order, gets the next action; the last one repeats. Stopped when dropped.
final class ScriptedSocketServer: Sendable {
    enum Action: Sendable {
        /// Read the request, then close without answering.
        case close
        /// Read the request, then answer `status` with a JSON `body` and close.
        case answer(status: Int, body: String)
    }

    /// What the accepting thread and the test share.
    private final class Shared: Sendable {
        let accepted = Atomic(0)
        let stopped = Atomic(false)
        let requests = Mutex<[String]>([])
    }

    let port: Int
    private let listener: Int32
    private let shared = Shared()

    init(_ actions: [Action]) throws {
        (listener, port) = try Loopback.bind(listening: true)
        let shared = shared
        let listener = listener
        Thread.detachNewThread {
            while !shared.stopped.load(ordering: .acquiring) {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                let index = shared.accepted.add(1, ordering: .relaxed).newValue - 1
                // Kept before the answer goes out: the test reads `requests` as soon as its client
                // has the answer, which must find this request already there.
                shared.requests.withLock { $0.append(Self.readRequest(connection)) }
                Self.act(connection, actions[min(index, actions.count - 1)])
            }
        }
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>/pay`.
    var url: URL { URL(string: "http://127.0.0.1:\(port)/pay")! }

    /// The requests answered or dropped so far, head and body as text, in order.
    var requests: [String] { shared.requests.withLock { $0 } }

    func stop() {
        guard !shared.stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Reads one request (head, then the body its Content-Length announces), as text.
    private static func readRequest(_ connection: Int32) -> String {
        var request: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            guard count > 0 else { return String(decoding: request, as: UTF8.self) }
            request += chunk[..<count]
            let text = String(decoding: request, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let announced = text.firstMatch(of: /(?i)content-length: *([0-9]+)/).flatMap { Int($0.1) } ?? 0
            if text.utf8.distance(from: end.upperBound, to: text.endIndex) >= announced { return text }
        }
    }

    /// Answers (or not, for `.close`) and closes the connection.
    private static func act(_ connection: Int32, _ action: Action) {
        defer { close(connection) }
        guard case .answer(let status, let body) = action else { return }
        let response = "HTTP/1.1 \(status) OK\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        _ = Array(response.utf8).withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
    }
}
