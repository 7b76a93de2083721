import Foundation
import Testing
@testable import CardFormApp

@Suite struct ServerAPITests {
    @Test func healthzAnswersOk() async throws {
        let harness = try ServerHarness()
        let reply = try await harness.get("/healthz")
        #expect(reply.status == 200 && reply.body == "ok")
    }

    @Test func creatingASessionNeedsTheSecretKey() async throws {
        let harness = try ServerHarness()
        let missing = try await harness.request("POST", "/api/sessions", body: Data("{}".utf8))
        #expect(missing.status == 401)
        #expect(missing.body.contains(#""code":"unauthorized""#))
        let wrong = try await harness.request("POST", "/api/sessions", headers: ["Authorization": "Bearer sk_wrong_but_long_enough"], body: Data("{}".utf8))
        #expect(wrong.status == 401)
    }

    @Test func oneCallCreatesASessionWithItsURLAndExpiry() async throws {
        let harness = try ServerHarness()
        let reply = try await harness.request(
            "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"],
            body: Data(#"{"amount": 1000, "currency": "EUR"}"#.utf8))
        #expect(reply.status == 201)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: String])
        let id = try #require(object["id"])
        #expect(object["url"] == "/s/\(id)")
        #expect(try Date(object["expiresAt"] ?? "", strategy: .iso8601) > Date())
        #expect(reply.header("Cache-Control") == "no-store")
    }

    @Test(arguments: [
        (#"{"amount": "#, "invalid-json", nil as String?),
        (#"{"colour": "red"}"#, "unknown-key", "colour"),
        (#"{"currency": "EURO"}"#, "invalid-currency", "currency"),
        (#"{"orderedAllowedCardNetworks": ["VISA", "BITCOIN"]}"#, "unknown-network", "orderedAllowedCardNetworks.1"),
        (#"{"appearance": {"--cf-color-primary": "red; background: url(x)"}}"#, "invalid-appearance", "appearance.--cf-color-primary"),
        (#"{"appearance": {"--cf-evil": "red"}}"#, "invalid-appearance", "appearance.--cf-evil"),
    ])
    func aBadBodyIsA400NamingTheProblem(body: String, code: String, field: String?) async throws {
        let harness = try ServerHarness()
        let reply = try await harness.request(
            "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"], body: Data(body.utf8))
        #expect(reply.status == 400)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: [String: Any]])
        #expect(object["error"]?["code"] as? String == code)
        #expect(object["error"]?["field"] as? String == field)
        #expect((object["error"]?["message"] as? String)?.isEmpty == false)
    }

    @Test func theStateShowsTheCardNumberMaskedAndNeverTheCVV() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let page = try await harness.openPage(id)
        for (field, value) in [("cardNumber", "4000002500001001"), ("cvv", "123"), ("expiryDate", "1230")] {
            let reply = try await harness.post(
                "/s/\(id)/input", form: [("field", field), ("value", value), ("page", page.page)],
                headers: ["X-CardForm-Token": page.token])
            #expect(reply.status == 200)
        }
        let state = try await harness.get("/api/sessions/\(id)", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"])
        #expect(state.status == 200)
        #expect(state.body.contains(#""cardNumber":"400000••••••1001""#))
        #expect(state.body.contains(#""cvv":"""#))
        #expect(!state.body.contains("4000002500001001") && !state.body.contains("123\""))
        #expect(state.body.contains(#""availableNetworks":["#))
        let unknown = try await harness.get("/api/sessions/aaaaaaaaaaaaaaaaaaaaaaaaaa", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"])
        #expect(unknown.status == 404)
        let unauthenticated = try await harness.get("/api/sessions/\(id)")
        #expect(unauthenticated.status == 401)
    }

    @Test func pastItsCapacityTheServerAnswers503WithRetryAfter() async throws {
        let harness = try ServerHarness { $0.maxSessions = 1 }
        _ = try await harness.createSession()
        let second = try await harness.request(
            "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"], body: Data("{}".utf8))
        #expect(second.status == 503)
        #expect(second.body.contains(#""code":"too-many-sessions""#))
        #expect(second.header("Retry-After") == "30")
        #expect(second.header("Content-Type") == "application/json")
        ServerRoutingTests.expectGuarded(second, "503")
    }

    @Test func theLogsHoldRoutesAndStatusesButNeverCardDataOrTokens() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let page = try await harness.openPage(id)
        _ = try await harness.post(
            "/s/\(id)/input", form: [("field", "cardNumber"), ("value", "4242424242424242"), ("page", page.page)],
            headers: ["X-CardForm-Token": page.token])
        _ = try await harness.post(
            "/s/\(id)/input", form: [("field", "cvv"), ("value", "987"), ("page", page.page)],
            headers: ["X-CardForm-Token": page.token])
        harness.server.stop()
        let logs = harness.logs.all.joined()
        #expect(logs.contains(#""route":"/s/:id/input","status":200"#))
        for secret in ["4242424242424242", "4242 4242", page.token, id, page.page] {
            #expect(!logs.contains(secret), "the logs hold \(secret.prefix(4))…")
        }
        // Every line holds only known keys with constant texts or numbers: no room for a CVV.
        let allowed: Set<String> = ["ts", "event", "id", "method", "route", "status", "durationUs", "session"]
        for line in harness.logs.all {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys).isSubset(of: allowed), "unexpected keys in \(object.keys.sorted())")
            let timestamp = try #require(object["ts"] as? String)
            #expect(timestamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(timestamp)")
            if let session = object["session"] { #expect((session as? String).map { $0.count == 6 && id.hasPrefix($0) } == true) }
        }
    }
}
