import CardFormSupport

/// One `withSession`'s contention with other writers, as a value: what happened so far and what
/// comes next. Pure, so its rules are tested without Redis (`WriteContentionTests`).
struct WriteContention {
    /// How many compare-and-sets may be lost before the writer gives up.
    let attempts: Int
    /// How long it may wait for others' turns in all: two turns, so that a holder that died (its
    /// turn expiring) does not make it fail.
    let longestWait: Duration
    private(set) var losses = 0
    private(set) var waited: Duration = .zero
    private var refusals = 0
    /// The token this writer's writes carry from its first loss on: a write that loses with it
    /// takes the session's turn.
    private(set) var turnToken: String?

    init(attempts: Int, turnTime: Duration) {
        (self.attempts, self.longestWait) = (attempts, turnTime * 2)
    }

    /// Whether to try once more.
    var allowsAnother: Bool { losses < attempts && waited < longestWait }

    /// Another writer won the compare-and-set: the next writes carry a token (made by `token`).
    mutating func lost(token: () -> String = RandomToken.make128) {
        losses += 1
        if turnToken == nil { turnToken = token() }
    }

    /// The write stood, and ended any turn it held: nothing is left to let go.
    mutating func wrote() { turnToken = nil }

    /// Another instance is starting this session's payment: counted as a loss, no turn taken (the
    /// payment lock, not a turn, decides who pays).
    mutating func paymentUnderway() { losses += 1 }

    /// Another writer holds the turn: how long to wait (`backoff`: 0.25 ms doubling to 16 ms),
    /// `fraction` into the upper half of it, random unless given.
    mutating func refused(fraction: Double = .random(in: 0...1)) -> Duration {
        refusals += 1
        let pause = Self.backoff.delay(afterAttempt: refusals, fraction: fraction)
        waited += pause
        return pause
    }

    static let backoff = Backoff(base: .microseconds(250), cap: .milliseconds(16))

    /// Why the writer gave up, for the log.
    var failure: String { "other writers kept it busy (\(losses) writes lost, \(waited) waiting)" }
}
