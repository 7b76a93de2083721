import Foundation
import HTTPServer
import Synchronization
import Testing

/// Slow clients hold connections; the request timeout and the per-address share bound what they
/// hold, in time and in count, and what everyone else notices of them.
@Suite("Slow clients on a real port", .ownThread)
struct SlowClientTests {
    /// Sends `bytes` one at a time, `interval` apart, until the server closes; returns how long
    /// the connection lasted, or nil if it outlived `limit`.
    private func trickle(_ client: RawClient, _ bytes: String, every interval: Duration, limit: Duration) -> Duration? {
        let started = ContinuousClock.now
        for byte in bytes.utf8.cycled() {
            guard ContinuousClock.now - started < limit else { return nil }
            guard (try? client.send([byte])) != nil else { return ContinuousClock.now - started }
            guard !client.isClosedByServer(within: interval) else { return ContinuousClock.now - started }
        }
        return nil
    }

    @Test("a head sent a byte at a time is cut off at the request timeout, though every byte came in time")
    func slowHead() throws {
        let daemon = try startServer({ $0.requestTimeout = .milliseconds(600) }) { _ in .text("ok") }
        let client = try RawClient(port: daemon.port)
        let lasted = try #require(trickle(client, "GET / HTTP/1.1\r\nX-Pad: aaaaaaaa", every: .milliseconds(100), limit: .seconds(4)))
        #expect(lasted >= .milliseconds(500) && lasted < .seconds(2))
        #expect(eventually { daemon.openConnectionCount == 0 })
    }

    @Test("a body sent a byte at a time is cut off at the request timeout too")
    func slowBody() throws {
        let calls = CallCounter()
        let daemon = try startServer({ $0.requestTimeout = .milliseconds(600) }) { _ in calls.increment(); return .text("ok") }
        let client = try RawClient(port: daemon.port)
        try client.send("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\n")
        let lasted = try #require(trickle(client, "x", every: .milliseconds(100), limit: .seconds(4)))
        #expect(lasted < .seconds(2))
        #expect(calls.value == 0)
    }

    @Test("an idle keep-alive connection is closed after the request timeout; one that keeps asking is not")
    func keepAlive() throws {
        // The busy client asks every 100 ms against a 2 s timeout: a loaded machine may hold this
        // thread or the server's for a while, and only a gap over 2 s may close it.
        let daemon = try startServer({ $0.requestTimeout = .seconds(2) }) { _ in .text("ok") }
        let busy = try RawClient(port: daemon.port)
        let idle = try RawClient(port: daemon.port)
        try idle.send("GET", "/")
        _ = try idle.readReply()
        let started = ContinuousClock.now
        while ContinuousClock.now - started < .milliseconds(2_300) {
            try busy.send("GET", "/")
            #expect(try busy.readReply().text == "ok")
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(idle.isClosedByServer(within: .seconds(2)))
        try busy.send("GET", "/")
        #expect(try busy.readReply().text == "ok")
    }

    @Test("a request waiting on a deferred answer is not cut off by the request timeout")
    func deferredIsExempt() throws {
        let daemon = try startServer({ $0.requestTimeout = .milliseconds(300) }) { _ in
            .deferred(timeout: .seconds(1), fallback: .text("waited")) { _ in }
        }
        let client = try RawClient(port: daemon.port)
        try client.send("GET", "/wait")
        #expect(try client.readReply().text == "waited")
    }

    @Test("a handler busy past the request timeout still answers, and the answer starts the next deadline")
    func busyHandler() throws {
        let daemon = try startServer({ $0.requestTimeout = .milliseconds(600) }) { request in
            if request.path == "/slow" { Thread.sleep(forTimeInterval: 1.5) }
            return .text("ok")
        }
        let client = try RawClient(port: daemon.port)
        try client.send("GET", "/slow")
        #expect(try client.readReply().text == "ok")
        // Open still: the old deadline passed while the handler ran, and the answer set a new one.
        try client.send("GET", "/")
        #expect(try client.readReply().text == "ok")
        #expect(client.isClosedByServer(within: .seconds(2)))
    }

    @Test("connections past an address's share are closed at once, while another address is served")
    func perAddressShare() throws {
        let daemon = try startServer({ $0.connectionsPerAddress = 3 }) { _ in .text("ok") }
        let held = try (0..<3).map { _ in try RawClient(port: daemon.port, from: "127.0.0.2") }
        #expect(eventually { daemon.openConnectionCount(from: "127.0.0.2") == 3 })
        let extra = try RawClient(port: daemon.port, from: "127.0.0.2")
        #expect(extra.isClosedByServer(within: .seconds(2)))
        #expect(try RawClient.exchange(port: daemon.port, "GET", "/").text == "ok")
        _ = held
    }

    @Test("hundreds of slow connections from one address leave another's requests fast, and are bounded in count and time")
    func slowlorisFromOneAddress() throws {
        // Held attackers would make the other address wait about this long; being served means far
        // less (the bound below leaves a loaded machine's scheduling room: how fast is a bench's).
        let timeout = Duration.seconds(3)
        let daemon = try startServer({ $0.requestTimeout = timeout }) { _ in .text("ok") }
        let trickling = Atomic(true)
        let mostOpen = Atomic(0)
        let connected = DispatchSemaphore(value: 0)
        let driver = DispatchSemaphore(value: 0)
        // The attackers live on their own thread: 300 connections sending a byte each every 200 ms.
        Thread.detachNewThread {
            let attackers = (0..<300).compactMap { _ in try? RawClient(port: daemon.port, from: "127.0.0.2") }
            connected.signal()
            while trickling.load(ordering: .relaxed) {
                for client in attackers { _ = try? client.send("G") }
                _ = mostOpen.max(daemon.openConnectionCount(from: "127.0.0.2"), ordering: .relaxed)
                Thread.sleep(forTimeInterval: 0.2)
            }
            driver.signal()
        }
        connected.wait()
        let opened = ContinuousClock.now
        var latencies: [Duration] = []
        while ContinuousClock.now - opened < timeout + .milliseconds(500) {
            let started = ContinuousClock.now
            #expect(try RawClient.exchange(port: daemon.port, "GET", "/").text == "ok")
            latencies.append(ContinuousClock.now - started)
            _ = mostOpen.max(daemon.openConnectionCount(from: "127.0.0.2"), ordering: .relaxed)
        }
        latencies.sort()
        let p99 = latencies[latencies.count * 99 / 100]
        #expect(p99 < timeout / 3, "p99 \(p99) over \(latencies.count) requests")
        #expect(mostOpen.load(ordering: .relaxed) == 64)
        #expect(eventually(within: timeout + .seconds(2)) { daemon.openConnectionCount == 0 })
        trickling.store(false, ordering: .relaxed)
        driver.wait()
    }
}

extension Sequence {
    /// The elements again and again, for ever.
    func cycled() -> some Sequence<Element> {
        let elements = Array(self)
        return sequence(state: 0) { index -> Element? in
            defer { index = (index + 1) % elements.count }
            return elements.isEmpty ? nil : elements[index]
        }
    }
}
