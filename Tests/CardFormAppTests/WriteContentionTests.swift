import Testing
@testable import CardFormApp

/// The rules a writer follows against other writers of one session (`WriteContention`), without
/// Redis: when it carries a turn token, how long it backs off, when it gives up.
@Suite struct WriteContentionTests {
    @Test func aTokenIsMadeAtTheFirstLossAndKeptButNotForAPaymentUnderway() {
        var contention = WriteContention(attempts: 16, turnTime: .milliseconds(100))
        var made = 0
        contention.paymentUnderway()
        #expect(contention.turnToken == nil)
        contention.lost { made += 1; return "t\(made)" }
        contention.lost { made += 1; return "t\(made)" }
        #expect(contention.turnToken == "t1")
        #expect(made == 1)
        #expect(contention.losses == 3)
    }

    @Test func backingOffDoublesFromAQuarterMillisecondToSixteenAndDrawsTheUpperHalf() {
        var contention = WriteContention(attempts: 16, turnTime: .seconds(10))
        let shortest = (1...3).map { WriteContention.backoff.delay(afterAttempt: $0, fraction: 0) }
        #expect(shortest.map(\.microseconds) == [125, 250, 500])
        let pauses = (0..<9).map { _ in contention.refused(fraction: 1) }
        #expect(pauses.map(\.microseconds) == [250, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 16_000, 16_000])
        #expect(contention.waited == .microseconds(63_750))
    }

    @Test func itGivesUpAfterItsAttemptsOrAfterWaitingTwoTurns() {
        var losing = WriteContention(attempts: 3, turnTime: .milliseconds(100))
        for _ in 0..<2 { losing.lost { "t" } }
        #expect(losing.allowsAnother)
        losing.lost { "t" }
        #expect(!losing.allowsAnother)
        #expect(losing.failure.contains("3 writes lost"))

        var waiting = WriteContention(attempts: 16, turnTime: .milliseconds(10))
        while waiting.allowsAnother { _ = waiting.refused(fraction: 1) }
        #expect(waiting.waited >= .milliseconds(20) && waiting.waited < .milliseconds(40))
        #expect(waiting.losses == 0)
    }
}

extension Duration {
    fileprivate var microseconds: Int64 { components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000 }
}
