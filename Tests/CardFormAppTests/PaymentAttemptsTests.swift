import Testing
@testable import CardFormApp
@testable import Payments

/// How a session's record numbers its payment attempts (the idempotency key's end): a new number
/// after a definite end, the same one while the last outcome is unknown.
@Suite struct PaymentAttemptsTests {
    @Test func aDefiniteEndNumbersTheNextSubmitAnewAndAnUnknownOneKeepsItsNumber() {
        var attempts = PaymentAttempts()
        #expect(attempts.begin() == 1)
        attempts.end(1, .failed)
        #expect(attempts.begin() == 2)
        attempts.end(2, .unknown)
        #expect(attempts == PaymentAttempts(last: 2, isUnknown: true))
        #expect(attempts.begin() == 2, "sent again under the same key")
        attempts.end(2, .unknown)
        #expect(attempts.begin() == 2)
        attempts.end(3, .succeeded)
        #expect(attempts == PaymentAttempts(last: 3, isUnknown: false), "the coordinator went on to attempt 3 (the card changed)")
    }

    @Test func theHookStoppingTheResendOfAnUnknownAttemptLeavesItUnknown() {
        var attempts = PaymentAttempts(last: 2, isUnknown: true)
        #expect(attempts.begin() == 2)
        attempts.end(2, .aborted)
        #expect(attempts == PaymentAttempts(last: 2, isUnknown: true))
        var fresh = PaymentAttempts(last: 2, isUnknown: false)
        #expect(fresh.begin() == 3)
        fresh.end(3, .aborted)
        #expect(fresh == PaymentAttempts(last: 3, isUnknown: false), "a new attempt the hook stopped never went out")
    }
}
