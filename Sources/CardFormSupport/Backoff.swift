/// Waits after repeated failures: doubling from `base` up to `cap`, each drawn from the upper half
/// of its full length, so that several parties that failed together do not come back together
/// (webhook deliveries, Redis writers waiting for a session's turn).
public struct Backoff: Sendable, Hashable {
    public let base: Duration
    public let cap: Duration

    public init(base: Duration, cap: Duration) {
        (self.base, self.cap) = (base, cap)
    }

    /// The wait after failure number `attempt` (1-based); `fraction` (0...1) is where in the upper
    /// half it falls, random unless given.
    public func delay(afterAttempt attempt: Int, fraction: Double = .random(in: 0...1)) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let full = min(cap, base * (1 << exponent))
        return full / 2 + full / 2 * fraction
    }
}
