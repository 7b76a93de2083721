import Foundation
import Testing
@testable import CardFormApp

@Suite struct ServerPageTests {
    @Test func theFormPageCarriesItsTokenAndTheSecurityHeaders() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(#"{"allowedOrigins": ["https://shop.example", "http://127.0.0.1:9999"]}"#)
        let reply = try await harness.get("/s/\(id)")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
        #expect(reply.header("Cache-Control") == "no-store")
        #expect(reply.header("X-Content-Type-Options") == "nosniff")
        let policy = try #require(reply.header("Content-Security-Policy"))
        #expect(policy.contains("default-src 'self'"))
        #expect(policy.hasSuffix("frame-ancestors https://shop.example http://127.0.0.1:9999"))
        #expect(!reply.body.contains("<script>") && !reply.body.contains(" style=\""))
        #expect(reply.body.contains("<form class=\"cf-form\" method=\"post\" action=\"/s/\(id)\""))
        #expect(ServerHarness.hidden("_token", in: reply.body)?.count == 26)
        for hook in ["name=\"cardNumber\"", "autocomplete=\"cc-number\"", "for=\"cf-cardNumber\"", "aria-describedby=\"cardNumber-error\"",
                     "id=\"cardNumber-error\"", "autocomplete=\"cc-exp\"", "autocomplete=\"cc-csc\"", "autocomplete=\"cc-name\"",
                     "button class=\"cf-pay\" type=\"submit\">"] {
            #expect(reply.body.contains(hook), "missing \(hook)")
        }
    }

    @Test func withoutAllowedOriginsOnlyOurOwnPagesMayFrameTheForm() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let reply = try await harness.get("/s/\(id)")
        #expect(reply.header("Content-Security-Policy")?.hasSuffix("frame-ancestors 'self'") == true)
    }

    @Test func anUnknownSessionShowsTheUnavailablePageWith404() async throws {
        let harness = try ServerHarness()
        for path in ["/s/aaaaaaaaaaaaaaaaaaaaaaaaaa", "/s/not-even-an-id"] {
            let reply = try await harness.get(path)
            #expect(reply.status == 404)
            #expect(reply.body.contains("cf-unavailable"))
        }
    }

    @Test func anExpiredSessionShowsTheUnavailablePageWith410AndTheAPISaysExpired() async throws {
        let harness = try ServerHarness { $0.sessionTTLSeconds = 60 }
        let id = try await harness.createSession()
        // The server's own sweeper may retire it first, when this test waits long for its turn.
        _ = try harness.server.app.store.sweep(now: Date().addingTimeInterval(61)).retired
        let page = try await harness.get("/s/\(id)")
        #expect(page.status == 410)
        #expect(page.body.contains("cf-unavailable"))
        let input = try await harness.post("/s/\(id)/input", form: [("field", "cvv"), ("value", "1")])
        #expect(input.status == 410)
        let state = try await harness.get("/api/sessions/\(id)", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"])
        #expect(state.body.contains(#""phase":"expired""#))
    }

    @Test func withoutJavaScriptThePostedFormComesBackFormattedWithEveryErrorAndNoCVV() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let page = try await harness.openPage(id)
        let reply = try await harness.post("/s/\(id)", form: [
            ("_token", page.token), ("_page", page.page), ("cardNumber", "4242424242424241"),
            ("expiryDate", "0520"), ("cvv", "731"), ("cardholderName", "jane doe"),
        ])
        #expect(reply.status == 200)
        #expect(reply.body.contains("value=\"4242 4242 4242 4241\""))
        #expect(reply.body.contains("value=\"Jane Doe\""))
        #expect(!reply.body.contains("731"))
        #expect(reply.body.contains("cf-errors__summary"))
        #expect(reply.body.contains("href=\"#cf-cardNumber\""))
        #expect(reply.body.contains("href=\"#cf-expiryDate\""))
        #expect(reply.body.contains("aria-invalid=\"true\""))
    }

    @Test func aPostWithoutTheTokenIsRefused() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let reply = try await harness.post("/s/\(id)", form: [("cardNumber", "4242")])
        #expect(reply.status == 403)
    }

    @Test func assetsHaveHashedNamesAreCachedForeverAndRevalidateWithTheirETag() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let page = try await harness.openPage(id)
        let css = try #require(page.html.firstMatch(of: /href="(\/assets\/cardform\.[0-9a-f]{16}\.css)"/)?.1)
        let reply = try await harness.get(String(css))
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "text/css; charset=utf-8")
        #expect(reply.header("Cache-Control") == "public, max-age=31536000, immutable")
        let etag = try #require(reply.header("ETag"))
        let again = try await harness.get(String(css), headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        let stale = try await harness.get("/assets/cardform.0000000000000000.css")
        #expect(stale.status == 404)
    }

    @Test func aSessionsAppearanceBecomesItsThemeStylesheet() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(##"{"appearance": {"--cf-color-primary": "#0a7c55", "cf-radius": "4px"}}"##)
        let page = try await harness.openPage(id)
        #expect(page.html.contains("href=\"/s/\(id)/theme.css\""))
        let theme = try await harness.get("/s/\(id)/theme.css")
        #expect(theme.status == 200)
        #expect(theme.body == ":root {\n  --cf-color-primary: #0a7c55;\n  --cf-radius: 4px;\n}\n")
    }

    @Test func theDemoPageExistsOnlyInDev() async throws {
        let production = try ServerHarness()
        #expect(try await production.get("/").status == 404)
        #expect(try await production.request("POST", "/demo/sessions", body: Data("{}".utf8)).status == 404)
        let dev = try ServerHarness { $0.dev = true }
        let page = try await dev.get("/")
        #expect(page.status == 200 && page.body.contains("id=\"payment\""))
        let created = try await dev.request("POST", "/demo/sessions", body: Data("{}".utf8))
        #expect(created.status == 201)
    }
}
