import Foundation
import HTTPServer
import Testing
@testable import CardFormApp

@Suite struct ServerRoutingTests {
    /// What every answer carries, pages and refusals alike.
    static func expectGuarded(_ reply: ServerHarness.Reply, _ what: String) {
        #expect(reply.header("X-Content-Type-Options") == "nosniff", "\(what)")
        #expect(reply.header("Cache-Control") == "no-store", "\(what)")
        #expect(reply.header("Referrer-Policy") == "same-origin", "\(what)")
        #expect(reply.header("Content-Security-Policy")?.hasPrefix("default-src 'self'") == true, "\(what)")
    }

    @Test("a wrong method on a known path is a 405 naming the methods it takes")
    func wrongMethodIs405WithAllow() async throws {
        let harness = try ServerHarness()
        for (method, path, allow) in [
            ("GET", "/s/aaaaaaaaaaaaaaaaaaaaaaaaaa/input", "POST"), ("PUT", "/api/sessions", "POST"),
            ("DELETE", "/s/aaaaaaaaaaaaaaaaaaaaaaaaaa", "GET, HEAD, POST"), ("POST", "/healthz", "GET, HEAD"),
        ] {
            let reply = try await harness.request(method, path)
            #expect(reply.status == 405, "\(method) \(path)")
            #expect(reply.header("Allow") == allow, "\(method) \(path)")
            Self.expectGuarded(reply, "\(method) \(path)")
        }
        #expect(try await harness.get("/nothing/here").status == 404)
    }

    @Test("the server's own error answers carry the same security headers as its pages")
    func refusalsAreGuarded() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let page = try await harness.openPage(id)
        let answers: [(String, ServerHarness.Reply, Int)] = [
            ("unknown path", try await harness.get("/nothing/here"), 404),
            ("unknown session", try await harness.get("/s/aaaaaaaaaaaaaaaaaaaaaaaaaa"), 404),
            ("no token", try await harness.post("/s/\(id)/input", form: [("field", "cvv"), ("page", page.page)]), 403),
            ("bad field", try await harness.post(
                "/s/\(id)/input", form: [("field", "pin"), ("page", page.page)], headers: ["X-CardForm-Token": page.token]), 400),
            ("not a form", try await harness.request(
                "POST", "/s/\(id)/input", headers: ["Content-Type": "application/json", "X-CardForm-Token": page.token],
                body: Data("{}".utf8)), 415),
            ("no key", try await harness.request("POST", "/api/sessions", body: Data("{}".utf8)), 401),
            ("too large", try await harness.request(
                "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"],
                body: Data(repeating: 0x20, count: 64 * 1024)), 413),
        ]
        for (what, reply, status) in answers {
            #expect(reply.status == status, "\(what)")
            Self.expectGuarded(reply, what)
        }
    }

    @Test("a route's pattern is its name in the access log")
    func patternsNameTheRoutesInTheLog() {
        #expect(BuildShellRouteTests.routing("POST", "/s/abc/input") == "/s/:id/input")
        #expect(BuildShellRouteTests.routing("GET", "/assets/cardform.0123.css") == "/assets/*")
        #expect(BuildShellRouteTests.routing("GET", "/") == "/")
        #expect(BuildShellRouteTests.routing("HEAD", "/api/customers/cus_1/cards") == "/api/customers/:id/cards")
    }
}
