import Foundation
import Testing
@testable import CardFormApp

/// How long a session lives, as the routes see it: only requests carrying the form token keep it
/// alive, and `sessionMaxLifetimeSeconds` bounds it however active it is.
@Suite struct ServerSessionLifetimeTests {
    static let api = ["Authorization": "Bearer \(ServerHarness.secretKey)"]

    static func lastActive(_ harness: ServerHarness, _ id: String) throws -> Date? {
        guard case .live(let date) = try harness.server.app.store.withSession(id[...], { $0.lastActiveAt }) else { return nil }
        return date
    }

    @Test func readingThePageOrTheAPIDoesNotKeepASessionAliveButTheShoppersEventsDo() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession()
        let created = try #require(try Self.lastActive(harness, id))
        let (token, page, _) = try await harness.openPage(id)
        _ = try await harness.get("/api/sessions/\(id)", headers: Self.api)
        _ = try await harness.get("/s/\(id)/theme.css")
        #expect(try Self.lastActive(harness, id) == created)
        let refused = try await harness.post("/s/\(id)/input", form: [("field", "cvv"), ("value", "1"), ("page", page)], headers: ["X-CardForm-Token": (token.hasPrefix("x") ? "y" : "x") + token.dropFirst()])
        #expect(refused.status == 403)
        #expect(try Self.lastActive(harness, id) == created)
        let typed = try await harness.post("/s/\(id)/input", form: [("field", "cvv"), ("value", "1"), ("page", page)], headers: ["X-CardForm-Token": token])
        #expect(typed.status == 200)
        #expect(try #require(try Self.lastActive(harness, id)) > created)
    }

    @Test func expiresAtIsTheEarlierOfTheIdleTimeAndTheMaximumLifetime() async throws {
        for (idle, maximum, expected) in [(1_800, 600, 600.0), (300, 3_600, 300.0)] {
            let harness = try ServerHarness {
                $0.sessionTTLSeconds = idle
                $0.sessionMaxLifetimeSeconds = maximum
            }
            let before = Date()
            let reply = try await harness.request("POST", "/api/sessions", headers: Self.api, body: Data("{}".utf8))
            let after = Date()
            let text = try #require(reply.body.firstMatch(of: /"expiresAt":"([^"]+)"/)?.1)
            let expiresAt = try Date(String(text), strategy: .iso8601)
            // Whole seconds in the answer: a second's slack on either side.
            let earliest = before.addingTimeInterval(expected - 1), latest = after.addingTimeInterval(expected + 1)
            #expect(expiresAt >= earliest && expiresAt <= latest, "\(idle) \(maximum): \(text)")
        }
    }

    @Test func theMaximumLifetimeIsReadFromTheEnvironmentAndChecked() throws {
        let load = { (value: String) throws in
            try ServerConfiguration.load(file: nil, environment: ["CARDFORM_SESSION_MAX_LIFETIME_SECONDS": value], flags: [:])
        }
        #expect(ServerConfiguration().sessionMaxLifetimeSeconds == 3_600)
        #expect(try load("900").sessionMaxLifetimeSeconds == 900)
        #expect(throws: ServerConfigurationError(
            key: "sessionMaxLifetimeSeconds", problem: "must be between 60 and 604800", source: "environment CARDFORM_SESSION_MAX_LIFETIME_SECONDS")) {
            try load("10")
        }
    }
}
