import Foundation
import HTTPServer
import Synchronization
import Testing

/// A real HTTP receiver on 127.0.0.1, port 0 (our `Daemon`): records every request it gets and
/// answers each from a script, standing in for a merchant's webhook endpoint or hook, or a processor.
final class ReceiverServer: Sendable {
    /// How to answer one request.
    struct Reply: Sendable {
        var status: Int
        var body: String
        /// Hold the answer back until the receiver stops (or 10 s), to trigger a client's timeout.
        var hangs = false
        var headers: HTTPHeaders = [:]
        /// Wait this long before answering (holding one of the receiver's threads).
        var delay: Duration = .zero

        /// A JSON answer.
        static func json(_ body: String, status: Int = 200) -> Reply { Reply(status: status, body: body) }
        /// An empty answer with `status`.
        static func status(_ status: Int) -> Reply { Reply(status: status, body: "") }
        /// A redirect to `location`.
        static func redirect(to location: String) -> Reply {
            Reply(status: 307, body: "", headers: ["Location": location])
        }
        /// `reply`, after `delay`.
        static func after(_ delay: Duration, _ reply: Reply) -> Reply {
            var delayed = reply
            delayed.delay = delay
            return delayed
        }
        /// No answer until the receiver stops.
        static let hang = Reply(status: 200, body: "{}", hangs: true)

        /// The timeout a client under test should give this reply: short for one that hangs, so the
        /// test of a timeout stays quick; long for one that answers, so a busy machine (the suites
        /// run in parallel) never turns a slow answer into a timeout the test did not expect.
        var patience: Duration { hangs ? .milliseconds(300) : .seconds(10) }
    }

    /// What the responder (on the daemon's threads) and the test share.
    private final class Shared: Sendable {
        let log = Mutex<[Request]>([])
        let released = Atomic(false)
    }

    private let daemon: Daemon
    private let shared = Shared()

    /// Starts a receiver answering the `n`-th request (from 0) with `replies[n]`, the last reply
    /// repeating once the list runs out.
    convenience init(_ replies: [Reply]) throws {
        try self.init { index, _ in replies[min(index, replies.count - 1)] }
    }

    /// Starts a receiver answering with `script(index, request)`.
    init(script: @escaping @Sendable (Int, Request) -> Reply) throws {
        let shared = shared
        let responder = ResponderFunction { request in
            let index = shared.log.withLock { requests in
                requests.append(request)
                return requests.count - 1
            }
            let reply = script(index, request)
            if reply.delay > .zero {
                let (seconds, attoseconds) = reply.delay.components
                usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            }
            if reply.hangs {
                let deadline = ContinuousClock.now + .seconds(10)
                while !shared.released.load(ordering: .acquiring), ContinuousClock.now < deadline { usleep(2_000) }
            }
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            for field in reply.headers { headers.add(field.name, field.value) }
            return Response(status: HTTPStatus(reply.status), headers: headers, body: .text(reply.body))
        }
        daemon = try Daemon(responder: responder, configuration: Daemon.Configuration(port: 0, threadCount: 4, connectionTimeout: .seconds(5)))
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String = "/hook") -> URL { URL(string: "http://127.0.0.1:\(daemon.port)\(path)")! }

    /// Every request received so far, in arrival order.
    var requests: [Request] { shared.log.withLock { $0 } }

    /// Waits (polling, at most `timeout`) until `count` requests arrived; returns those received.
    /// The bound is generous because other test suites block the cooperative pool at times.
    func waitForRequests(_ count: Int, timeout: Duration = .seconds(10)) async -> [Request] {
        let deadline = ContinuousClock.now + timeout
        while requests.count < count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        return requests
    }

    /// Releases hanging answers and stops the daemon.
    func stop() {
        shared.released.store(true, ordering: .releasing)
        daemon.stop(gracePeriod: .zero)
    }
}

extension ReceiverServer.Reply: CustomTestStringConvertible {
    /// Short, so parameterised tests' names stay readable.
    var testDescription: String {
        let body = body.count > 40 ? String(body.prefix(40)) + "…(\(body.count) bytes)" : body
        return "\(status) \(body)" + (hangs ? " (no answer)" : "")
    }
}
