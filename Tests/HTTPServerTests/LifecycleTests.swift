import Foundation
import HTTPServer
import Synchronization
import Testing

@Suite("Daemon start, limits and stop", .ownThread)
struct LifecycleTests {
    @Test("port 0 binds a free port and reports it")
    func portZero() throws {
        let daemon = try startServer { _ in .text("ok") }
        #expect(daemon.port > 0 && daemon.port != 8080)
        #expect(try RawClient.exchange(port: daemon.port, "GET", "/").text == "ok")
    }

    @Test("binding a port already in use fails with address-in-use")
    func portInUse() throws {
        let first = try startServer { _ in .text("first") }
        #expect {
            _ = try startServer({ $0.port = first.port }) { _ in .text("second") }
        } throws: { ($0 as? HTTPServerError)?.code == .addressInUse }
        #expect(try RawClient.exchange(port: first.port, "GET", "/").text == "first")
    }

    @Test("a host or port that cannot be bound fails with a clear code", arguments: [
        ("not-an-ip", 0, HTTPServerError.Code.invalidHost),
        ("::1", 0, .invalidHost),
        ("127.0.0.1", 70000, .invalidPort),
        ("192.0.2.1", 0, .addressUnavailable),
    ])
    func unbindable(host: String, port: Int, code: HTTPServerError.Code) {
        #expect {
            _ = try startServer({ $0.host = host; $0.port = port }) { _ in .text("never") }
        } throws: { ($0 as? HTTPServerError)?.code == code }
    }

    @Test("200 requests over 20 keep-alive connections are all answered")
    func manyConnections() throws {
        let daemon = try startServer { .text($0.path) }
        let clients = try (0..<20).map { _ in try RawClient(port: daemon.port) }
        var answered = 0
        for round in 0..<10 {
            // Every connection has a request in flight before any answer is read.
            for (index, client) in clients.enumerated() { try client.send("GET", "/\(index)/\(round)") }
            for (index, client) in clients.enumerated() where try client.readReply().text == "/\(index)/\(round)" {
                answered += 1
            }
        }
        #expect(answered == 200)
    }

    @Test("stopping finishes a slow request in flight, closing its connection, and refuses new connections")
    func gracefulStop() throws {
        let entered = DispatchSemaphore(value: 0)
        let daemon = try startServer { request in
            entered.signal()
            Thread.sleep(forTimeInterval: 0.4)
            return .text("finished \(request.path)")
        }
        let port = daemon.port
        let client = try RawClient(port: port)
        try client.send("GET", "/slow")
        entered.wait()
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            daemon.stop(gracePeriod: .seconds(5))
            stopped.signal()
        }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(throws: RawClient.Failure.self) { try RawClient(port: port) }
        let reply = try client.readReply()
        #expect(reply.text == "finished /slow")
        #expect(reply.header("Connection") == "close")
        #expect(stopped.wait(timeout: .now() + 5) == .success)
    }

    @Test("stopping waits for an unfinished request only as long as the grace period")
    func graceIsBounded() throws {
        let daemon = try startServer { _ in .text("never") }
        let client = try RawClient(port: daemon.port)
        try client.send("GET /half HTTP/1.1\r\nHost: t\r\n")  // headers never end: in flight for good
        while daemon.inFlightCount == 0 { Thread.sleep(forTimeInterval: 0.005) }
        let started = ContinuousClock.now
        daemon.stop(gracePeriod: .milliseconds(300))
        let waited = ContinuousClock.now - started
        #expect(waited >= .milliseconds(300) && waited < .seconds(2))
        #expect(client.isClosedByServer(within: .seconds(1)))
    }

    @Test("SIGTERM stops a daemon that runs until signalled and names the signal")
    func signalStops() throws {
        let daemon = try startServer { _ in .text("ok") }
        let port = daemon.port
        let result = Mutex<Int32>(0)
        let done = DispatchSemaphore(value: 0)
        let ready = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let number = daemon.runUntilSignalled([SIGTERM], gracePeriod: .seconds(2)) { ready.signal() }
            result.withLock { $0 = number }
            done.signal()
        }
        ready.wait()
        #expect(try RawClient.exchange(port: port, "GET", "/").text == "ok")
        kill(getpid(), SIGTERM)
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(result.withLock { $0 } == SIGTERM)
        #expect(throws: RawClient.Failure.self) { try RawClient(port: port) }
    }

    @Test("an idle connection is closed after the connection timeout")
    func idleTimeout() throws {
        let daemon = try startServer({ $0.connectionTimeout = .seconds(1) }) { _ in .text("ok") }
        let client = try RawClient(port: daemon.port)
        let started = ContinuousClock.now
        #expect(client.isClosedByServer(within: .seconds(4)))
        #expect(ContinuousClock.now - started >= .milliseconds(900))
    }

    @Test("a connection past the limit waits unserved until another closes")
    func connectionLimit() throws {
        let daemon = try startServer({ $0.connectionLimit = 2; $0.threadCount = 1 }) { _ in .text("ok") }
        var kept = try (0..<2).map { _ in try RawClient(port: daemon.port) }
        for client in kept { try client.send("GET", "/") }
        for client in kept { #expect(try client.readReply().text == "ok") }
        let extra = try RawClient(port: daemon.port)
        try extra.send("GET", "/extra")
        extra.setReceiveTimeout(.milliseconds(500))
        #expect(throws: RawClient.Failure.self) { try extra.readReply() }
        kept.removeLast()
        extra.setReceiveTimeout(.seconds(5))
        #expect(try extra.readReply().text == "ok")
    }

    @Test("connections opened together are dealt out across the workers, not left to the first one awake")
    func connectionsAreDealtOut() throws {
        let daemon = try startServer({ $0.threadCount = 2 }) { _ in .text(String(UInt(pthread_self()))) }
        let clients = try (0..<4).map { _ in try RawClient(port: daemon.port) }
        var threads: [String] = []
        for client in clients {
            try client.send("GET", "/")
            threads.append(try client.readReply().text)
        }
        #expect(Set(threads).count == 2)
        #expect(threads[0] == threads[2] && threads[1] == threads[3])
    }

    @Test("the request log hook reports method, route, status and outcome, and never the query")
    func requestLog() throws {
        let entries = Mutex<[RequestLogEntry]>([])
        let daemon = try startServer({ configuration in
            configuration.onRequestCompleted = { entry in entries.withLock { $0.append(entry) } }
        }) { request in
            var response = Response.text("ok", status: request.path == "/s/abc" ? .ok : .notFound)
            response.route = request.path == "/s/abc" ? "/s/:id" : nil
            return response
        }
        let client = try RawClient(port: daemon.port)
        try client.send("GET", "/s/abc?token=secret")
        _ = try client.readReply()
        try client.send("POST", "/nowhere", body: [])
        _ = try client.readReply()
        try client.send("POST", "/big", body: Array(repeating: 0, count: 20_000))
        _ = try client.readReply()
        daemon.stop()
        let logged = entries.withLock { $0 }.map { "\($0.method) \($0.route ?? "-") \($0.status?.code ?? 0) \($0.outcome)" }
        #expect(logged == ["GET /s/:id 200 completed", "POST - 404 completed", "POST - 413 completed"])
        #expect(!"\(entries.withLock { $0 })".contains("secret"))
    }
}
