import Foundation
import HTTPServer
import Synchronization
import Testing

/// A responder that defers `/wait/...` (handing the completion to `waiters`) and answers
/// anything else at once with its path.
private func longPoll(
    _ waiters: Waiters, timeout: Duration = .seconds(30), fallback: Response = .text("nothing yet", status: .noContent)
) -> @Sendable (Request) -> Response {
    { request in
        guard request.path.hasPrefix("/wait") else { return .text(request.path) }
        var response = Response.deferred(timeout: timeout, fallback: fallback) { waiters.add(request.path, $0) }
        response.headers.add("Cache-Control", "no-store")
        response.route = "/wait/:n"
        return response
    }
}

@Suite("Deferred responses on a real port", .ownThread)
struct DeferredTests {
    @Test("an answer completed later from another thread reaches the waiting client with the deferred response's headers")
    func completedLater() throws {
        let waiters = Waiters()
        let log = LogLines()
        let daemon = try startServer({ $0.onRequestCompleted = log.record }, respond: longPoll(waiters))
        let client = try RawClient(port: daemon.port)
        try client.send("GET", "/wait/1")
        let completion = try #require(waiters.completion(for: "/wait/1"))
        #expect(eventually { daemon.waitingCount == 1 })
        Thread.detachNewThread {
            var answer = Response.text("paid")
            answer.headers.add("Cache-Control", "private")
            completion.complete(answer)
        }
        let reply = try client.readReply()
        #expect(reply.status == 200 && reply.text == "paid")
        #expect(reply.values("Cache-Control") == ["private"])
        #expect(daemon.waitingCount == 0)
        try client.send("GET", "/after")
        #expect(try client.readReply().text == "/after")
        #expect(eventually { log.all.count == 2 })
        #expect(log.all == ["GET /wait/:n 200 completed completed", "GET - 200 completed -"])
    }

    @Test("an answer completed inside start is sent at once")
    func completedInsideStart() throws {
        let daemon = try startServer { _ in
            .deferred(timeout: .seconds(30), fallback: Response(status: .noContent)) { completion in
                #expect(completion.complete(.text("at once")))
                #expect(!completion.complete(.text("twice")))
                #expect(!completion.isPending)
            }
        }
        let reply = try RawClient.exchange(port: daemon.port, "GET", "/now")
        #expect(reply.status == 200 && reply.text == "at once")
        #expect(daemon.waitingCount == 0)
    }

    @Test("a wait nobody completes ends with the fallback after its timeout, and completing later does nothing")
    func timesOut() throws {
        let waiters = Waiters()
        let log = LogLines()
        let fallback = Response(status: .noContent, headers: ["Retry-After": "1"])
        let daemon = try startServer({ $0.onRequestCompleted = log.record }, respond: longPoll(waiters, timeout: .milliseconds(300), fallback: fallback))
        let client = try RawClient(port: daemon.port)
        let started = ContinuousClock.now
        try client.send("GET", "/wait/1")
        let reply = try client.readReply()
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        #expect(reply.status == 204 && reply.header("Retry-After") == "1" && reply.header("Cache-Control") == "no-store")
        let completion = try #require(waiters.completion(for: "/wait/1"))
        #expect(!completion.isPending)
        #expect(!completion.complete(.text("too late")))
        #expect(eventually { log.all == ["GET /wait/:n 204 completed timed-out"] })
        #expect(log.durations.allSatisfy { $0 >= .milliseconds(300) })
    }

    @Test("a short wait started after a long one still ends at its own timeout")
    func shortAfterLong() throws {
        let daemon = try startServer { request in
            let timeout: Duration = request.path == "/long" ? .seconds(30) : .milliseconds(200)
            return .deferred(timeout: timeout, fallback: .text("fallback \(request.path)")) { _ in }
        }
        let long = try RawClient(port: daemon.port)
        try long.send("GET", "/long")
        #expect(eventually { daemon.waitingCount == 1 })
        let short = try RawClient(port: daemon.port, timeout: .seconds(2))
        try short.send("GET", "/short")
        #expect(try short.readReply().text == "fallback /short")
        #expect(daemon.waitingCount == 1)
    }

    @Test("a hundred waiting long-polls leave both worker threads free for other requests")
    func manyWaitersDoNotBlock() throws {
        let waiters = Waiters()
        // All from 127.0.0.1: room for them past the per-address share.
        let daemon = try startServer({ $0.threadCount = 2; $0.connectionsPerAddress = 128 }, respond: longPoll(waiters))
        let clients = try (0..<100).map { index in
            let client = try RawClient(port: daemon.port)
            try client.send("GET", "/wait/\(index)")
            return client
        }
        #expect(eventually { daemon.waitingCount == 100 })
        let plain = try RawClient(port: daemon.port, timeout: .seconds(1))
        try plain.send("GET", "/healthz")
        #expect(try plain.readReply().text == "/healthz")
        #expect(daemon.waitingCount == 100)
        let all = waiters.all
        Thread.detachNewThread {
            for (path, completion) in all { completion.complete(.text("done \(path)")) }
        }
        let answered = try clients.enumerated().filter { index, client in try client.readReply().text == "done /wait/\(index)" }
        #expect(answered.count == 100)
        #expect(eventually { daemon.waitingCount == 0 && daemon.inFlightCount == 0 })
    }

    @Test("a client that hangs up while waiting is released at once, and completing it later is harmless")
    func clientLeaves() throws {
        let waiters = Waiters()
        let log = LogLines()
        let daemon = try startServer({ $0.onRequestCompleted = log.record }, respond: longPoll(waiters))
        var client: RawClient? = try RawClient(port: daemon.port)
        try client?.send("GET", "/wait/1")
        let completion = try #require(waiters.completion(for: "/wait/1"))
        #expect(eventually { daemon.waitingCount == 1 })
        client = nil
        #expect(eventually { daemon.waitingCount == 0 && daemon.inFlightCount == 0 })
        #expect(!completion.isPending)
        #expect(!completion.complete(.text("nobody listens")))
        #expect(eventually { log.all == ["GET - 0 client-left client-left"] })
        #expect(try RawClient.exchange(port: daemon.port, "GET", "/still-up").text == "/still-up")
    }

    @Test("stopping answers every waiting long-poll with its fallback at once instead of waiting out the timeouts")
    func stopAnswersWaiters() throws {
        let waiters = Waiters()
        let log = LogLines()
        let daemon = try startServer({ $0.onRequestCompleted = log.record }, respond: longPoll(waiters, timeout: .seconds(60)))
        let clients = try (0..<5).map { index in
            let client = try RawClient(port: daemon.port)
            try client.send("GET", "/wait/\(index)")
            return client
        }
        #expect(eventually { daemon.waitingCount == 5 })
        let started = ContinuousClock.now
        daemon.stop(gracePeriod: .seconds(10))
        #expect(ContinuousClock.now - started < .seconds(2))
        for client in clients {
            let reply = try client.readReply()
            #expect(reply.status == 204 && reply.header("Connection") == "close")
        }
        #expect(waiters.all.allSatisfy { !$0.completion.complete(.text("after stop")) })
        #expect(log.all == Array(repeating: "GET /wait/:n 204 completed stopped", count: 5))
    }

    @Test("a completion racing the timeout yields exactly one response, the one whose completion won", arguments: [1, 2])
    func completionRacesTimeout(threads: Int) throws {
        let outcomes = Mutex<[String: Bool]>([:])
        let daemon = try startServer({ $0.threadCount = threads }) { request in
            .deferred(timeout: .milliseconds(2), fallback: .text("fallback \(request.path)")) { completion in
                // From around 2 ms before to 2 ms after the timeout, on another thread (a queue of
                // its own: the global queues may be busy with other suites' work for seconds).
                DispatchQueue(label: "racing completion").asyncAfter(deadline: .now() + .microseconds(Int.random(in: 0...4000))) {
                    let won = completion.complete(.text("answer \(request.path)"))
                    outcomes.withLock { $0[request.path] = won }
                }
            }
        }
        let client = try RawClient(port: daemon.port)
        for round in 0..<100 {
            try client.send("GET", "/\(round)")
            let reply = try client.readReply()
            var won: Bool?
            #expect(eventually { won = outcomes.withLock { $0["/\(round)"] }; return won != nil })
            #expect(reply.text == (won == true ? "answer /\(round)" : "fallback /\(round)"))
        }
        try client.send("GET", "/end")
        #expect(try client.readReply().text.hasSuffix(" /end"))
    }

    @Test("a long-poll outlives the connection timeout, which counts only while the connection is active")
    func outlivesConnectionTimeout() throws {
        let waiters = Waiters()
        let daemon = try startServer({ $0.connectionTimeout = .seconds(1) }, respond: longPoll(waiters))
        let client = try RawClient(port: daemon.port)
        try client.send("GET", "/wait/1")
        let completion = try #require(waiters.completion(for: "/wait/1"))
        Thread.sleep(forTimeInterval: 2.5)
        completion.complete(.text("late but fine"))
        #expect(try client.readReply().text == "late but fine")
    }

    @Test("answering a deferred response with another deferred one is a 500")
    func nestedDeferral() throws {
        let daemon = try startServer { _ in
            .deferred(timeout: .seconds(5), fallback: .text("fallback")) { completion in
                completion.complete(.deferred(timeout: .seconds(5), fallback: .text("inner")) { _ in })
            }
        }
        #expect(try RawClient.exchange(port: daemon.port, "GET", "/").status == 500)
    }
}
