import Foundation
import Testing
@testable import CardFormApp

/// The page's language: the session's `locale`, else the browser's `Accept-Language`; `lang` is
/// the language actually shown, `dir` follows it, and amounts are written as that language writes
/// them (no second locale mixed in).
@Suite struct ServerLocaleTests {
    static func lang(_ html: String) -> String? {
        guard let start = html.range(of: "<html lang=\"") else { return nil }
        return String(html[start.upperBound...].prefix { $0 != "\"" })
    }

    @Test(arguments: [
        ("fr-CA,fr;q=0.9,en;q=0.8", "fr-CA"), ("pt-br", "pt-BR"), ("zh-TW,zh;q=0.8", "zh-Hant"), ("de-CH, fr;q=0.5", "de"),
        ("sw, xx;q=0.9", "en"), ("ja;q=0.2, ko;q=0.8", "ko"),
    ])
    func withoutASessionLocaleTheBrowsersLanguageIsUsed(_ header: String, _ lang: String) async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let reply = try await harness.get("/s/\(id)", headers: ["Accept-Language": header])
        #expect(Self.lang(reply.body) == lang)
        #expect(reply.body.contains("dir=\"ltr\""))
    }

    @Test func theSessionsLocaleWinsOverTheBrowsersAndRightToLeftLanguagesSetDir() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(#"{"locale": "ar-EG", "amount": 2499, "currency": "EUR"}"#)
        let reply = try await harness.get("/s/\(id)", headers: ["Accept-Language": "fr"])
        #expect(Self.lang(reply.body) == "ar")
        #expect(reply.body.contains("dir=\"rtl\""))
        // The amount in Arabic as ICU writes it for `ar`, in the digits the strings and inputs use.
        #expect(reply.body.contains("24.99\u{A0}€"))
        #expect(!reply.body.contains("٢٤"))
    }

    @Test func aLinkToNoSessionIsAnsweredInTheBrowsersLanguage() async throws {
        let harness = try ServerHarness()
        let reply = try await harness.get("/s/aaaaaaaaaaaaaaaaaaaaaaaaaa", headers: ["Accept-Language": "he-IL, en;q=0.5"])
        #expect(reply.status == 404)
        #expect(Self.lang(reply.body) == "he")
        #expect(reply.body.contains("dir=\"rtl\""))
    }

    @Test func laterAnswersAndTheStateKeepTheLanguageThePageWasShownIn() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let page = try await harness.get("/s/\(id)", headers: ["Accept-Language": "de-DE,de;q=0.9"])
        #expect(Self.lang(page.body) == "de")
        let token = try #require(ServerHarness.hidden("_token", in: page.body))
        let pageID = try #require(ServerHarness.hidden("_page", in: page.body))
        let answer = try await harness.post("/s/\(id)/input", form: [
            ("field", "cardNumber"), ("value", "4242 4242 4242 4241"), ("event", "blur"), ("seq", "1"), ("page", pageID),
        ], headers: ["X-CardForm-Token": token])
        #expect(answer.status == 200)
        let state = try await harness.get("/api/sessions/\(id)", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"])
        let german = try #require(harness.server.app.resources.catalogs.catalog(for: "de").string("error.invalid-card-number"))
        #expect(state.body.contains(german))
    }
}

/// `appearance.colorScheme` reaches the page root and the canvas (`<meta name="color-scheme">`).
@Suite struct ServerColorSchemeTests {
    @Test(arguments: [("{}", "light", "light"), (#"{"appearance": {"colorScheme": "dark"}}"#, "dark", "dark"),
                      (#"{"appearance": {"colorScheme": "auto"}}"#, "auto", "light dark")])
    func thePageRootAndCanvasFollowTheSessionsScheme(_ body: String, _ name: String, _ css: String) async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(body)
        let page = try await harness.get("/s/\(id)")
        #expect(page.body.contains("data-cf-color-scheme=\"\(name)\""))
        #expect(page.body.contains("<meta name=\"color-scheme\" content=\"\(css)\">"))
    }

    @Test func aBadSchemeIsA400NamingTheKey() async throws {
        let harness = try ServerHarness()
        let reply = try await harness.request(
            "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"],
            body: Data(#"{"appearance": {"colorScheme": "night"}}"#.utf8))
        #expect(reply.status == 400)
        #expect(reply.body.contains(#""field":"appearance.colorScheme""#))
    }
}
