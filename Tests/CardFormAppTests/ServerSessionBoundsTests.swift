import Foundation
import Testing
@testable import CardFormApp

/// A surcharge that would take the total past the largest amount is refused at creation (the full
/// store's 503 is in `ServerAPITests`).
@Suite struct ServerSessionBoundsTests {
    @Test func aSurchargePastTheLargestAmountIsRefusedNamingTheNetwork() async throws {
        let harness = try ServerHarness()
        let reply = try await harness.request(
            "POST", "/api/sessions", headers: ["Authorization": "Bearer \(ServerHarness.secretKey)"],
            body: Data(#"{"amount": 1000000000000, "currency": "EUR", "surcharges": {"VISA": 1}}"#.utf8))
        #expect(reply.status == 400)
        #expect(reply.body.contains(#""field":"surcharges.VISA""#))
    }
}
