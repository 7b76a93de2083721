import Foundation

/// How long a session lives, the same in every store: it is retired after `idle` without a
/// token-bearing request or `maximum` after its creation, whichever comes first, unless its
/// payment is in flight (it then waits for the result); a retired session is kept readable for
/// `retention` more, then forgotten.
struct SessionLifetime: Sendable, Hashable {
    var idle: TimeInterval
    var maximum: TimeInterval
    var retention: TimeInterval

    init(idle: Duration, maximum: Duration = .seconds(3_600), retention: Duration = .seconds(3_600)) {
        self.idle = idle.timeInterval
        self.maximum = maximum.timeInterval
        self.retention = retention.timeInterval
    }

    /// What time does to a record.
    enum Verdict: Sendable { case keep, retired, forget }

    /// Retires `record` in place when its time is up at `now` (expiring the engine's session,
    /// which forgets the card), or says it is to be forgotten.
    func apply(to record: inout SessionRecord, now: Date) -> Verdict {
        if record.retiredAt != nil { return now > forgetAt(record) ? .forget : .keep }
        guard now > dueAt(record), record.session.expire() == .ended else { return .keep }
        record.retiredAt = now
        return .retired
    }

    /// When a live record's time is up: the earlier of its idle end and its maximum lifetime.
    func dueAt(_ record: SessionRecord) -> Date {
        min(record.lastActiveAt.addingTimeInterval(idle), record.createdAt.addingTimeInterval(maximum))
    }

    /// When a session created at `createdAt` and never used expires (`expiresAt` of
    /// `POST /api/sessions`).
    func expiresAt(createdAt: Date) -> Date {
        createdAt.addingTimeInterval(min(idle, maximum))
    }

    /// When a retired record is forgotten.
    func forgetAt(_ record: SessionRecord) -> Date {
        record.lastActiveAt.addingTimeInterval(idle + retention)
    }
}

extension Duration {
    /// The duration in seconds, as Foundation counts them.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
