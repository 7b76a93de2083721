import Foundation
import Testing
@testable import CardFormApp

/// Wildcard `allowedOrigins` (`https://*.shop.example`) are honoured where origins are: in the
/// page's `frame-ancestors` and in the shell's CORS check, matched alike; anything wider or
/// malformed is refused at creation.
@Suite struct ServerOriginPatternTests {
    static let options = #"{"allowedOrigins": ["https://shop.example", "https://*.cdn.example"]}"#

    @Test func aPatternFramesThePageAsWritten() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(Self.options)
        let page = try await harness.get("/s/\(id)")
        #expect(page.header("Content-Security-Policy")?.hasSuffix("frame-ancestors https://shop.example https://*.cdn.example") == true)
        #expect(page.body.contains(#"data-cf-parent-origins="https://shop.example https://*.cdn.example""#))
    }

    @Test(arguments: [
        ("https://eu.cdn.example", true), ("https://a.b.cdn.example", true),
        ("https://cdn.example", false), ("https://evilcdn.example", false), ("https://eu.cdn.example.evil.example", false),
        ("http://eu.cdn.example", false), ("https://eu.cdn.example:8443", false), ("null", false),
    ])
    func theShellAcceptsWhatThePatternMatches(_ origin: String, _ allowed: Bool) async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(Self.options)
        let reply = try await harness.get("/shell/\(id)", headers: ["Origin": origin])
        #expect(reply.status == (allowed ? 200 : 403), "\(origin)")
        #expect(reply.header("Access-Control-Allow-Origin") == (allowed ? origin : nil))
        let preflight = try await harness.request("OPTIONS", "/shell/\(id)/input", headers: ["Origin": origin])
        #expect(preflight.status == (allowed ? 204 : 403), "\(origin)")
    }

    @Test(arguments: [
        "https://*", "https://*.com", "https://a.*.b", "ftp://*.cdn.example", "https://*.cdn.example/path",
        "https://*.cdn.example; script-src 'unsafe-inline'", "https://*.cdn.example 'self'", "https://*.cdn.example\"",
        "https://*.cdn.example:*",
    ])
    func aPatternThatCouldNotBeHonouredIsRefusedAtCreation(_ origin: String) async throws {
        let harness = try ServerHarness()
        let body = try JSONSerialization.data(withJSONObject: ["allowedOrigins": ["https://shop.example", origin]])
        let reply = try await harness.request(
            "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"], body: body)
        #expect(reply.status == 400, "\(origin)")
        #expect(reply.body.contains(#""code":"invalid-origin""#) && reply.body.contains(#""field":"allowedOrigins.1""#))
    }
}
