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

    /// A body made on the spot, so that once the responder returns, the loan is its only owner.
    private static func fresh(_ blocks: Int, _ tag: String) -> String {
        String(repeating: "0123456789abcdef", count: blocks) + tag
    }

    @Test("lent bodies, owned by their loan alone, arrive whole, also after a client left in the middle of one; every loan comes back")
    func lentBodiesOnTheWire() throws {
        let bigBlocks = 256 * 1024
        let daemon = try startServer { request in
            let tag = request.query ?? ""
            return switch request.path {
            case "/big": .text(Self.fresh(bigBlocks, tag))
            case "/bytes": Response(bytes: Array(Self.fresh(20, tag).utf8))
            case "/short": .text("ok")
            default: .html(Self.fresh(20, tag))
            }
        }
        let leaving = try RawClient(port: daemon.port)
        try leaving.send("GET /big?left HTTP/1.1\r\nHost: t\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.05)
        _ = consume leaving
        for round in 1...3 {
            #expect(try RawClient.exchange(port: daemon.port, "GET", "/?\(round)").text == Self.fresh(20, "\(round)"))
            #expect(try RawClient.exchange(port: daemon.port, "GET", "/bytes?\(round)").text == Self.fresh(20, "\(round)"))
            #expect(try RawClient.exchange(port: daemon.port, "GET", "/short").text == "ok")
        }
        let big = try RawClient.exchange(port: daemon.port, "GET", "/big?whole")
        #expect(big.text == Self.fresh(bigBlocks, "whole"))
        #if DEBUG
        // Every loan comes back once nothing is in flight (the leaving client's included), and
        // none is left once the daemon has stopped.
        #expect(eventually { daemon.inFlightCount == 0 && daemon.lentBodyCount == 0 })
        daemon.stop()
        #expect(daemon.lentBodyCount == 0)
        #endif
    }
}
