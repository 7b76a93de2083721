import Foundation
import HTTPServer
import Testing

@Suite("Daemon on a real port", .ownThread)
struct DaemonTests {
    @Test("a GET reaches the responder with its decoded path, raw query and headers")
    func getReachesResponder() throws {
        let daemon = try startServer(respond: echo)
        let reply = try RawClient.exchange(port: daemon.port, "GET", "/s/ab%20c/x?q=1&r=a+b", headers: [("x-tag", "one")])
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(reply.text == "method GET\npath /s/ab c/x\nquery q=1&r=a+b\nbody 0 \nX-Tag one")
    }

    @Test("a POST body sent in slow pieces reaches the responder whole")
    func postInPieces() throws {
        let daemon = try startServer(respond: echo)
        let client = try RawClient(port: daemon.port)
        try client.send("POST /form HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 17\r\n\r\n")
        for piece in ["field=card", "Numb", "er&"] {
            Thread.sleep(forTimeInterval: 0.05)
            try client.send(piece)
        }
        let reply = try client.readReply()
        #expect(reply.text == "method POST\npath /form\nquery -\nbody 17 field=cardNumber&\nContent-Type application/x-www-form-urlencoded")
    }

    @Test("a chunked POST body reaches the responder decoded")
    func chunkedBody() throws {
        let daemon = try startServer(respond: echo)
        let client = try RawClient(port: daemon.port)
        try client.send("POST /c HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
        #expect(try client.readReply().text == "method POST\npath /c\nquery -\nbody 11 hello world")
    }

    @Test("a body of exactly the cap is accepted")
    func bodyAtCap() throws {
        let daemon = try startServer(respond: echo)
        let reply = try RawClient.exchange(port: daemon.port, "POST", "/b", body: Array(repeating: UInt8(ascii: "a"), count: 16 * 1024))
        #expect(reply.status == 200)
        #expect(reply.text.hasPrefix("method POST\npath /b\nquery -\nbody 16384 aaaa"))
    }

    @Test("a declared length over 16 KB is answered 413 before the body is sent, and the responder is not called")
    func declaredLengthOverCap() throws {
        let calls = CallCounter()
        let daemon = try startServer { calls.increment(); return echo($0) }
        let client = try RawClient(port: daemon.port)
        try client.send("POST /big HTTP/1.1\r\nHost: t\r\nContent-Length: 16385\r\nExpect: 100-continue\r\n\r\n")
        let reply = try client.readReply()
        #expect(reply.status == 413)
        #expect(reply.header("Connection") == "close")
        #expect(calls.value == 0)
    }

    @Test("a chunked body over 16 KB is answered 413 and the responder is not called")
    func chunkedOverCap() throws {
        let calls = CallCounter()
        let daemon = try startServer { calls.increment(); return echo($0) }
        let client = try RawClient(port: daemon.port)
        let chunk = String(repeating: "x", count: 4096)
        let chunks = String(repeating: "1000\r\n\(chunk)\r\n", count: 5)
        try client.send("POST /big HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n\(chunks)0\r\n\r\n")
        #expect(try client.readReply().status == 413)
        #expect(calls.value == 0)
    }

    @Test("an endless body is cut off once the discard limit is passed")
    func endlessBodyIsCut() throws {
        let daemon = try startServer({ $0.maxDiscardedBodySize = 64 * 1024 }, respond: echo)
        let client = try RawClient(port: daemon.port)
        try client.send("POST /big HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = "1000\r\n" + String(repeating: "x", count: 4096) + "\r\n"
        var refused = false
        for _ in 0..<200 where !refused {
            refused = (try? client.send(chunk)) == nil
        }
        #expect(refused || client.isClosedByServer())
    }

    @Test("a path with malformed percent-encoding is answered 400 without calling the responder", arguments: [
        "/a%zz", "/a%2", "/%C3%28", "/a%00b", "relative", "/a#frag",
    ])
    func malformedTarget(target: String) throws {
        let calls = CallCounter()
        let daemon = try startServer { calls.increment(); return echo($0) }
        let reply = try RawClient.exchange(port: daemon.port, "GET", target)
        #expect(reply.status == 400)
        #expect(calls.value == 0)
    }

    @Test("repeated request headers all reach the responder and repeated response headers all reach the client")
    func repeatedHeaders() throws {
        let daemon = try startServer { request in
            var response = Response.text(request.headers.values(for: "x-tag").joined(separator: ","))
            response.headers.add("Set-Cookie", "a=1")
            response.headers.add("Set-Cookie", "b=2")
            return response
        }
        let reply = try RawClient.exchange(port: daemon.port, "GET", "/", headers: [("X-Tag", "one"), ("x-TAG", "two")])
        #expect(reply.text == "one,two")
        #expect(reply.values("Set-Cookie") == ["a=1", "b=2"])
    }

    @Test("malformed form encoding surfaces as an error value the app answers with 400")
    func formDecodingError() throws {
        let daemon = try startServer { request in
            do throws(FormDecodingError) {
                let form = try request.formFields()
                return .text("field=\(form["field"] ?? "-")")
            } catch {
                return .text(error.code.rawValue, status: .badRequest)
            }
        }
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        let good = try RawClient.exchange(port: daemon.port, "POST", "/f", headers: form, body: Array("field=a%2Bb+c".utf8))
        #expect(good.status == 200 && good.text == "field=a+b c")
        let bad = try RawClient.exchange(port: daemon.port, "POST", "/f", headers: form, body: Array("field=%G1".utf8))
        #expect(bad.status == 400 && bad.text == "malformed-percent-encoding")
        let json = try RawClient.exchange(port: daemon.port, "POST", "/f", headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
        #expect(json.text == "unsupported-media-type")
    }

    @Test("a response header carrying a line break becomes a 500 instead of being injected")
    func headerInjection() throws {
        let daemon = try startServer { _ in
            var response = Response.text("hi")
            response.headers.add("X-Evil", "a\r\nSet-Cookie: stolen=1")
            return response
        }
        let reply = try RawClient.exchange(port: daemon.port, "GET", "/")
        #expect(reply.status == 500)
        #expect(reply.values("Set-Cookie").isEmpty)
    }

    @Test("the responder sees the client's address")
    func remoteAddress() throws {
        let daemon = try startServer { .text($0.remoteAddress ?? "-") }
        #expect(try RawClient.exchange(port: daemon.port, "GET", "/").text == "127.0.0.1")
    }
}
