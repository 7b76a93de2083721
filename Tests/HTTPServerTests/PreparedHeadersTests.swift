import HTTPServer
import Testing

/// A header list prepared once (`HTTPHeaders.prepared()`, for the answers sent on every
/// keystroke) goes out exactly as the same list unprepared.
@Suite("Prepared header lists on a real port", .ownThread)
struct PreparedHeadersTests {
    static let fields: HTTPHeaders = [
        .contentType: "text/html; charset=utf-8",
        "Set-Cookie": "a=1",
        .contentLength: "999",
        "Set-Cookie": "b=2; Path=/",
        .vary: "Origin",
    ]

    /// The header lines of the answer to `path`, but `Date` (it moves).
    private func lines(_ path: String, port: Int) throws -> (status: Int, lines: [String]) {
        let client = try RawClient(port: port)
        try client.send("GET", path)
        let reply = try client.readReply()
        return (reply.status, reply.headers.filter { $0.name != "Date" }.map { "\($0.name): \($0.value)" })
    }

    private func server(_ headers: @escaping @Sendable (String) -> HTTPHeaders) throws -> Daemon {
        try startServer { request in Response(status: .ok, headers: headers(request.path), body: .text("body")) }
    }

    @Test("the same lines in the same order, Content-Length the daemon's own")
    func sameLines() throws {
        let daemon = try server { $0 == "/prepared" ? Self.fields.prepared() : Self.fields }
        let plain = try lines("/plain", port: daemon.port)
        let prepared = try lines("/prepared", port: daemon.port)
        #expect(prepared.status == 200)
        #expect(prepared.lines == plain.lines)
        #expect(prepared.lines.contains("Set-Cookie: b=2; Path=/"))
        #expect(prepared.lines.filter { $0.hasPrefix("Content-Length") } == ["Content-Length: 4"])
    }

    @Test("a change to a prepared list is written too")
    func changedAfterPreparing() throws {
        let daemon = try server { path in
            var headers = Self.fields.prepared()
            if path == "/added" { headers.add("X-Tag", "late") }
            if path == "/removed" { headers.remove("Set-Cookie") }
            return headers
        }
        let added = try lines("/added", port: daemon.port).lines
        #expect(added.filter { !$0.hasPrefix("Content-Length") }.last == "X-Tag: late")  // the daemon adds its length last
        let removed = try lines("/removed", port: daemon.port).lines
        #expect(!removed.contains { $0.hasPrefix("Set-Cookie") })
        #expect(removed.contains("Vary: Origin"))
    }

    /// An empty value (libmicrohttpd 0.9.75 refuses one itself; we refuse it on every version) and
    /// one that would split the header: either makes the answer a 500, prepared or not, and no
    /// line of the bad value reaches the wire.
    @Test("a value that may not be sent turns the answer into a 500, prepared or not", arguments: ["", "a\r\nInjected: 1"])
    func unsendableValue(_ value: String) throws {
        var headers = Self.fields
        headers.add("X-Bad", value)
        let bad = headers
        let daemon = try server { $0 == "/prepared" ? bad.prepared() : bad }
        for path in ["/plain", "/prepared"] {
            let answer = try lines(path, port: daemon.port)
            #expect(answer.status == 500, "\(path)")
            #expect(!answer.lines.contains { $0.hasPrefix("Injected") || $0.hasPrefix("X-Bad") }, "\(path)")
        }
    }
}
