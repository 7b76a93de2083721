import Foundation
import HTTPServer
import Testing

/// Heads that two parsers could read two ways are refused before the responder sees them, with
/// the daemon's own security headers, and the connection closed.
@Suite("Request framing on a real port", .ownThread)
struct FramingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var about: String
        var head: String
        var status = 400
        var testDescription: String { about }
    }

    static let refused: [Case] = [
        Case(about: "two different Content-Length headers",
             head: "POST /f HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"),
        Case(about: "the same Content-Length twice",
             head: "POST /f HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nab"),
        Case(about: "Content-Length with Transfer-Encoding",
             head: "POST /f HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        Case(about: "Transfer-Encoding twice",
             head: "POST /f HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        Case(about: "Transfer-Encoding in HTTP/1.0",
             head: "POST /f HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
        Case(about: "a transfer coding other than chunked", head: "POST /f HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
             status: 501),
        Case(about: "HTTP/1.1 without Host", head: "GET /f HTTP/1.1\r\n\r\n"),
        Case(about: "two Host headers", head: "GET /f HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
        Case(about: "a folded header", head: "GET /f HTTP/1.1\r\nHost: t\r\nX-Tag: a\r\n b\r\n\r\n"),
        Case(about: "a folded header continued with a tab", head: "GET /f HTTP/1.1\r\nHost: t\r\nX-Tag: a\r\n\tb\r\nX-Other: c\r\n\r\n"),
        Case(about: "a NUL in a header value", head: "GET /f HTTP/1.1\r\nHost: t\r\nX-Tag: a\0b\r\n\r\n"),
        Case(about: "a NUL in the last header value", head: "GET /f HTTP/1.1\r\nX-Tag: a\0Transfer-Encoding: chunked\r\nHost: t\r\n\r\n"),
        Case(about: "a NUL in the target", head: "GET /f\0/../admin HTTP/1.1\r\nHost: t\r\n\r\n"),
        Case(about: "a NUL in the method", head: "GE\0T /f HTTP/1.1\r\nHost: t\r\n\r\n"),
        Case(about: "a control character in a header value", head: "GET /f HTTP/1.1\r\nHost: t\r\nX-Tag: a\u{1}b\r\n\r\n"),
        Case(about: "a bare CR in a header value", head: "GET /f HTTP/1.1\r\nHost: t\r\nX-Tag: a\rb\r\n\r\n"),
        Case(about: "a space before the colon", head: "GET /f HTTP/1.1\r\nHost: t\r\nX-Tag : a\r\n\r\n"),
        Case(about: "a space inside a header name", head: "GET /f HTTP/1.1\r\nHost: t\r\nX Tag: a\r\n\r\n"),
        Case(about: "a space inside the target", head: "GET /f g HTTP/1.1\r\nHost: t\r\n\r\n"),
    ]

    @Test("a head two parsers could read two ways is refused, the responder never called", arguments: refused)
    func refusesAmbiguousHeads(_ test: Case) throws {
        let calls = CallCounter()
        let daemon = try startServer { calls.increment(); return echo($0) }
        let client = try RawClient(port: daemon.port)
        try client.send(test.head)
        let reply = try client.readReply()
        #expect(reply.status == test.status)
        #expect(reply.header("Connection") == "close")
        #expect(reply.header("X-Content-Type-Options") == "nosniff")
        #expect(client.isClosedByServer(within: .seconds(2)))
        #expect(calls.value == 0)
    }

    @Test("a head with every legal shape is passed on whole, then the next one on the same connection")
    func acceptsLegalHeads() throws {
        let daemon = try startServer { request in
            .text(request.headers.fields.map { "\($0.name)=\($0.value)" }.joined(separator: "|"))
        }
        let client = try RawClient(port: daemon.port)
        let head = "GET /a%20b/c?x=%41&y=1 HTTP/1.1\r\nHost: t\r\nCookie: a=1; b=2\r\nX-Empty:\r\nX-Tab:\tv\tw\r\n"
            + "X-Colon: a:b\r\nX-Text: café\r\nx-lower:v\r\n\r\n"
        try client.send(head + "GET / HTTP/1.1\nHost: t\n\n")
        #expect(try client.readReply().text
            == "Host=t|Cookie=a=1; b=2|X-Empty=|X-Tab=v\tw|X-Colon=a:b|X-Text=café|x-lower=v")
        #expect(try client.readReply().text == "Host=t")
        try client.send("POST /f HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello")
        #expect(try client.readReply().text == "Host=t|Content-Length=5")
    }

    @Test("HTTP/1.0 without Host is served")
    func http10WithoutHost() throws {
        let daemon = try startServer { .text($0.version) }
        let client = try RawClient(port: daemon.port)
        try client.send("GET / HTTP/1.0\r\n\r\n")
        #expect(try client.readReply().text == "HTTP/1.0")
    }

    @Test("the daemon's own answers carry the configured headers, and responders' answers keep theirs")
    func rejectionHeaders() throws {
        let daemon = try startServer({ $0.rejectionHeaders = ["X-Frame-Options": "DENY", "Cache-Control": "no-store"] }) { _ in
            .text("ok")
        }
        let tooLarge = try RawClient.exchange(port: daemon.port, "POST", "/", body: Array(repeating: 0, count: 20_000))
        #expect(tooLarge.status == 413)
        #expect(tooLarge.header("X-Frame-Options") == "DENY" && tooLarge.header("Cache-Control") == "no-store")
        let bad = try RawClient.exchange(port: daemon.port, "GET", "/%zz")
        #expect(bad.status == 400 && bad.header("X-Frame-Options") == "DENY")
        let fine = try RawClient.exchange(port: daemon.port, "GET", "/")
        #expect(fine.status == 200 && fine.header("X-Frame-Options") == nil)
    }

    @Test("by default the daemon's own answers are neither sniffed, stored nor framed")
    func defaultRejectionHeaders() throws {
        let daemon = try startServer { _ in .text("ok") }
        let reply = try RawClient.exchange(port: daemon.port, "GET", "/%zz")
        #expect(reply.status == 400)
        #expect(reply.header("X-Content-Type-Options") == "nosniff")
        #expect(reply.header("Cache-Control") == "no-store")
        #expect(reply.header("Content-Security-Policy") == "default-src 'none'; frame-ancestors 'none'")
    }
}
