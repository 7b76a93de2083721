import Foundation
import Testing
@testable import CardFormApp

/// What creation refuses for capacity or amount: 503 with `Retry-After` when the store is full, 400
/// for a surcharge that would take the total past the largest amount.
@Suite struct ServerSessionBoundsTests {
    @Test func aFullStoreAnswers503WithRetryAfter() async throws {
        let harness = try ServerHarness { $0.maxSessions = 1 }
        _ = try await harness.createSession()
        let reply = try await harness.request(
            "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"], body: Data("{}".utf8))
        #expect(reply.status == 503)
        #expect(reply.header("Retry-After") == "30")
        #expect(reply.header("Content-Type") == "application/json")
        #expect(reply.header("X-Content-Type-Options") == "nosniff")
        #expect(reply.body.contains(#""code":"too-many-sessions""#))
    }

    @Test func aSurchargePastTheLargestAmountIsRefusedNamingTheNetwork() async throws {
        let harness = try ServerHarness()
        let reply = try await harness.request(
            "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"],
            body: Data(#"{"amount": 1000000000000, "currency": "EUR", "surcharges": {"VISA": 1}}"#.utf8))
        #expect(reply.status == 400)
        #expect(reply.body.contains(#""field":"surcharges.VISA""#))
    }
}
