import Foundation
import Testing
@testable import CardFormApp

/// The card data rule (CONTRACT §8), tried as an attacker holding only the session id: the card
/// number and expiry the shopper typed come back to the shopper's own page and to no other, on
/// every route; the CVV to none.
@Suite struct ServerCardDataTests {
    static let options = #"{"allowedOrigins": ["https://cdn.example"], "amount": 1000, "currency": "EUR", "appearance": {"--cf-radius": "4px"}}"#

    /// A session whose shopper typed a card number, an expiry and a name on page `shopper`.
    struct TypedCard {
        let form: ServerFragmentTests.OpenForm
        var harness: ServerHarness { form.harness }
        var id: String { form.id }

        init() async throws {
            form = try await ServerFragmentTests.OpenForm(ServerCardDataTests.options)
            for (seq, (field, value)) in [("cardNumber", "4242424242424242"), ("expiryDate", "1230"), ("cardholderName", "Ada Lovelace")].enumerated() {
                let reply = try await form.type(field, value, seq: seq + 1)
                #expect(reply.status == 200)
            }
        }

        /// A page of the attacker's own: `GET /s/<id>` gives its token and a fresh page id.
        func attackerPage() async throws -> (token: String, page: String, html: String) {
            try await harness.openPage(id)
        }

        /// An event from the attacker's page, with a stale `rev` so that the whole form is resent.
        func attack(_ route: String, _ form: [(String, String)], page: (token: String, page: String, html: String)) async throws -> ServerHarness.Reply {
            try await harness.post(
                "/s/\(id)/\(route)", form: form + [("page", page.page), ("rev", "999")], headers: ["X-CardForm-Token": page.token])
        }
    }

    /// Nothing of the typed card: the number in any form, the expiry as a value.
    static func expectNoCard(_ body: String, _ route: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in ["4242 4242 4242 4242", "4242424242424242", "42424242", #"value="12/30""#, #"data-cf-value="12/30""#] {
            #expect(!body.contains(secret), "\(route) shows \(secret)", sourceLocation: sourceLocation)
        }
    }

    @Test func aFreshPageShowsTheCardFieldsEmptyButKeepsTheName() async throws {
        let card = try await TypedCard()
        let page = try await card.attackerPage()
        Self.expectNoCard(page.html, "GET /s/<id>")
        #expect(page.html.contains(#"value="Ada Lovelace""#))
    }

    @Test func aResyncForcedFromAnotherPageShowsNoCard() async throws {
        let card = try await TypedCard()
        let page = try await card.attackerPage()
        let reply = try await card.attack("input", [("field", "cardholderName"), ("value", "Ada Lovelace"), ("seq", "1")], page: page)
        #expect(reply.status == 200)
        #expect(ServerFragmentTests.blocks(reply.body) == ["form"])
        Self.expectNoCard(reply.body, "/input resync")
        let focus = try await card.attack("input", [("field", "expiryDate"), ("value", "12/30"), ("event", "blur"), ("seq", "2")], page: page)
        // Sending the exact value is knowing it already: that page may then be shown it, nothing more.
        #expect(!focus.body.contains("4242"))
    }

    @Test func theShoppersOwnResyncKeepsWhatTheyTyped() async throws {
        let card = try await TypedCard()
        let reply = try await card.form.type("cardholderName", "Ada Lovelace", seq: 9, rev: 999)
        #expect(ServerFragmentTests.blocks(reply.body) == ["form"])
        #expect(reply.body.contains(#"value="4242 4242 4242 4242""#))
        #expect(reply.body.contains(#"value="12/30""#))
    }

    @Test func theNetworkSubmitEventsAndCancelRoutesShowAnotherPageNoCard() async throws {
        let card = try await TypedCard()
        let page = try await card.attackerPage()
        let network = try await card.attack("network", [("network", "VISA")], page: page)
        #expect(network.status == 200)
        Self.expectNoCard(network.body, "/network")
        // No CVV typed: the submit is refused and every error shows, values around them.
        let submit = try await card.attack("submit", [], page: page)
        #expect(submit.status == 200 && submit.body.contains("cf-error"))
        Self.expectNoCard(submit.body, "/submit")
        let events = try await card.harness.get(
            "/s/\(card.id)/events?page=\(page.page)&rev=999", headers: ["X-CardForm-Token": page.token])
        #expect(events.status == 200)
        Self.expectNoCard(events.body, "/events")
        let cancel = try await card.attack("cancel", [], page: page)
        #expect(cancel.status == 200)
        Self.expectNoCard(cancel.body, "/cancel")
    }

    @Test func aPostWithoutJavaScriptShowsOnlyTheCardValuesItPosted() async throws {
        let card = try await TypedCard()
        let page = try await card.attackerPage()
        let network = try await card.harness.post(
            "/s/\(card.id)", form: [("_token", page.token), ("_page", page.page), ("_action", "network"), ("cardNetwork", "VISA")])
        #expect(network.status == 200)
        Self.expectNoCard(network.body, "POST /s/<id>")
        let posted = try await card.harness.post(
            "/s/\(card.id)", form: [("_token", page.token), ("_page", page.page), ("cardNumber", "5555555555554444")])
        #expect(posted.body.contains(#"value="5555 5555 5555 4444""#))
        Self.expectNoCard(posted.body, "POST /s/<id> with a number")
    }

    @Test func theShellsBootstrapAndEventsShowNoCard() async throws {
        let card = try await TypedCard()
        let origin = ["Origin": "https://cdn.example"]
        let bootstrap = try await card.harness.get("/shell/\(card.id)", headers: origin)
        #expect(bootstrap.status == 200)
        Self.expectNoCard(bootstrap.body, "GET /shell/<id>")
        let answer = try JSONDecoder().decode(BuildShellRouteTests.Bootstrap.self, from: Data(bootstrap.body.utf8))
        let events = try await card.harness.get(
            "/shell/\(card.id)/events?page=\(answer.page)&rev=999", headers: origin.merging(["X-CardForm-Token": answer.token]) { $1 })
        #expect(events.status == 200)
        Self.expectNoCard(events.body, "/shell/<id>/events")
        let input = try await card.harness.post(
            "/shell/\(card.id)/input", form: [("field", "cardholderName"), ("value", "Ada"), ("page", answer.page), ("rev", "999")],
            headers: origin.merging(["X-CardForm-Token": answer.token]) { $1 })
        #expect(input.status == 200)
        Self.expectNoCard(input.body, "/shell/<id>/input")
    }

    @Test func theAPIMasksTheNumberAndTheThemeHoldsNoCard() async throws {
        let card = try await TypedCard()
        let state = try await card.harness.get("/api/sessions/\(card.id)", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"])
        #expect(state.body.contains("424242••••••4242"))
        #expect(!state.body.contains("4242424242424242") && !state.body.contains("4242 4242 4242 4242"))
        let theme = try await card.harness.get("/s/\(card.id)/theme.css")
        #expect(theme.status == 200)
        Self.expectNoCard(theme.body, "theme.css")
    }

    @Test func theLongPollTakesTheTokenFromTheHeaderOnly() async throws {
        let form = try await ServerFragmentTests.OpenForm()
        let inURL = try await form.harness.get("/s/\(form.id)/events?page=\(form.page)&rev=0&_token=\(form.token)")
        #expect(inURL.status == 403)
        let inHeader = try await form.harness.get("/s/\(form.id)/events?page=\(form.page)&rev=0", headers: ["X-CardForm-Token": form.token])
        #expect(inHeader.status == 200)
    }

    /// The page script names its page in a header, out of the URL; the card goes to that page only.
    @Test func theLongPollTakesThePageFromItsHeader() async throws {
        let card = try await TypedCard()
        let path = "/s/\(card.id)/events?rev=999"
        let own = try await card.harness.get(path, headers: ["X-CardForm-Token": card.form.token, "X-CardForm-Page": card.form.page])
        #expect(own.status == 200 && own.body.contains(#"value="4242 4242 4242 4242""#))
        let page = try await card.attackerPage()
        let other = try await card.harness.get(path, headers: ["X-CardForm-Token": page.token, "X-CardForm-Page": page.page])
        #expect(other.status == 200 && other.body.contains("data-cf-block=\"form\""))
        Self.expectNoCard(other.body, "/events with X-CardForm-Page")
        let malformed = try await card.harness.get(path, headers: ["X-CardForm-Token": page.token, "X-CardForm-Page": "../x"])
        #expect(malformed.status == 400)
    }

    /// Every route an attacker holding the session id can reach, plain GETs and refusals included:
    /// none shows the card, and each carries the security headers (assets: nosniff, cached).
    @Test func everyRouteAnswersAnotherPageWithoutTheCardAndWithTheSecurityHeaders() async throws {
        let card = try await TypedCard()
        let (harness, id) = (card.harness, card.id)
        let page = try await card.attackerPage()
        let token = ["X-CardForm-Token": page.token]
        let shell = ["Origin": "https://cdn.example"]
        let auth = ["Authorization": "Bearer \(ServerHarness.secretKey)"]
        let css = try #require(page.html.firstMatch(of: /href="(\/assets\/cardform\.[0-9a-f]{16}\.css)"/)?.1)
        let assets: [(String, ServerHarness.Reply)] = [
            ("embed.js", try await harness.get("/embed.js")), ("css", try await harness.get(String(css))),
        ]
        let answers: [(String, ServerHarness.Reply)] = [
            ("healthz", try await harness.get("/healthz")),
            ("page", try await harness.get("/s/\(id)")),
            ("theme", try await harness.get("/s/\(id)/theme.css")),
            ("no-JS post", try await harness.post("/s/\(id)", form: [("_token", page.token), ("_page", page.page), ("_action", "network")])),
            ("input", try await card.attack("input", [("field", "cardholderName"), ("value", "Ada")], page: page)),
            ("events", try await harness.get("/s/\(id)/events?page=\(page.page)&rev=999", headers: token)),
            ("shell", try await harness.get("/shell/\(id)", headers: shell)),
            ("preflight", try await harness.request("OPTIONS", "/shell/\(id)/input", headers: shell)),
            ("API state", try await harness.get("/api/sessions/\(id)", headers: auth)),
            ("saved cards", try await harness.get("/api/customers/cus_1/cards", headers: auth)),
            ("unknown path", try await harness.get("/s/\(id)/4242424242424242")),
            ("wrong method", try await harness.request("DELETE", "/s/\(id)/input")),
            ("no token", try await harness.post("/s/\(id)/input", form: [("field", "cvv"), ("page", page.page)])),
            ("token in URL", try await harness.get("/s/\(id)/events?page=\(page.page)&_token=\(page.token)")),
            ("bad field", try await card.attack("input", [("field", "pin")], page: page)),
            ("shell refused", try await harness.get("/shell/\(id)", headers: ["Origin": "https://evil.example"])),
        ]
        for (what, reply) in answers {
            #expect(reply.status < 500, "\(what): \(reply.status)")
            Self.expectNoCard(reply.body, what)
            ServerRoutingTests.expectGuarded(reply, what)
        }
        for (what, reply) in assets {
            #expect(reply.status == 200 && reply.header("X-Content-Type-Options") == "nosniff", "\(what)")
            Self.expectNoCard(reply.body, what)
        }
    }
}
