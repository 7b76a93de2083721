import CMicroHTTPD
import Foundation
@testable import HTTPServer
import Testing

/// The answer's body is lent to libmicrohttpd, not copied: the bytes must stay alive until it frees
/// the response, and be given back exactly once, whichever way the response ends.
@Suite("Body lent to libmicrohttpd", .ownThread)
struct BodyLoanTests {
    private static let longText = String(repeating: "<p id=\"f\">fragment</p>", count: 20)

    private func makeExchange() -> Exchange {
        Exchange(target: "/", socket: -1, body: BodyCollector(limit: 0, discardLimit: 0))
    }

    @Test("a lent body keeps its exchange alive until libmicrohttpd frees the response, then only")
    func loanOutlivesExchange() throws {
        weak var lender: Exchange?
        var built: OpaquePointer?
        do {
            let exchange = makeExchange()
            lender = exchange
            built = exchange.makeResponse(for: .text(Self.longText))
            #expect(exchange.lentText == Self.longText)
        }
        let response = try #require(built)
        #expect(lender != nil)
        // What a refused queue and a finished or abandoned connection all come to: the last free.
        MHD_destroy_response(response)
        #expect(lender == nil)
    }

    @Test("the body is given back when the response is freed", arguments: [
        Response.Body.text(longText), .bytes(Array(longText.utf8)),
    ])
    func bodyGivenBack(body: Response.Body) throws {
        var exchange = makeExchange()
        let response = try #require(exchange.makeResponse(for: body))
        #expect(exchange.lentText.utf8.count + exchange.lentBytes.count == body.count)
        #expect(!isKnownUniquelyReferenced(&exchange))
        MHD_destroy_response(response)
        #expect(exchange.lentText.isEmpty && exchange.lentBytes.isEmpty)
        #expect(isKnownUniquelyReferenced(&exchange))
    }

    @Test("a short text or an empty body is copied, and nothing is lent", arguments: [
        Response.Body.text("short"), .empty, .text(""),
    ])
    func shortBodyCopied(body: Response.Body) throws {
        var exchange = makeExchange()
        let response = try #require(exchange.makeResponse(for: body))
        #expect(isKnownUniquelyReferenced(&exchange))
        #expect(exchange.lentText.isEmpty && exchange.lentBytes.isEmpty)
        MHD_destroy_response(response)
    }

    @Test("lent bodies of every kind arrive whole, also after a client left in the middle of one")
    func lentBodiesOnTheWire() throws {
        let big = String(repeating: "0123456789abcdef", count: 256 * 1024)
        let daemon = try startServer { request in
            switch request.path {
            case "/big": .text(big)
            case "/bytes": Response(bytes: Array(Self.longText.utf8))
            case "/short": .text("ok")
            default: .html(Self.longText)
            }
        }
        let leaving = try RawClient(port: daemon.port)
        try leaving.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.05)
        _ = consume leaving
        for _ in 0..<3 {
            #expect(try RawClient.exchange(port: daemon.port, "GET", "/").text == Self.longText)
            #expect(try RawClient.exchange(port: daemon.port, "GET", "/bytes").text == Self.longText)
            #expect(try RawClient.exchange(port: daemon.port, "GET", "/short").text == "ok")
        }
        #expect(try RawClient.exchange(port: daemon.port, "GET", "/big").body.count == big.utf8.count)
    }
}
