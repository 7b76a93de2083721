import Foundation

/// Fairness between instances writing one session at once.
///
/// The compare-and-set alone lets a writer that skips its read (`withRecent`: one round trip per
/// event) win every race against one that must read first (two round trips, and the record opened
/// and the event run in between): under a steady stream of the first one's events, each of the
/// second one's windows holds one of its writes, and the second would lose every attempt. So a
/// writer that has lost twice takes the session's *turn*, a short `RedisLock` beside the record.
/// While someone holds it, every other writer's write is refused (`writeScript` answers -2,
/// `WriteOutcome.waiting`): that writer backs off and reads again. The turn ends with its holder's
/// write (the script deletes it), with its holder giving up, or on its own after `turnTime` if
/// its holder died.
extension RedisSessionStore {
    /// How long a turn holds at most: a read, an event and a write, with room for a slow moment.
    static let turnTime: Duration = .milliseconds(100)
    /// Lost compare-and-sets before a writer takes the turn: one loss is an ordinary race.
    static let lossesBeforeTurn = 2
    /// How long a writer waits for others' turns in all before it gives up: two turns, so a holder
    /// that died (its turn expiring) does not make it fail.
    static let longestWait: Duration = turnTime * 2

    /// One `withSession`'s contention: how often it lost, how long it waited, and its turn.
    struct Contention {
        var losses = 0
        var waits = 0
        var waited: Duration = .zero
        var turn: RedisFence?

        /// Whether to try once more: up to `attempts` lost compare-and-sets, and up to
        /// `longestWait` spent waiting for others' turns.
        func allowsAnother(_ attempts: Int) -> Bool { losses < attempts && waited < RedisSessionStore.longestWait }
    }

    /// Another writer won: after `lossesBeforeTurn` losses, takes the session's turn (unless
    /// someone holds it: its next write then waits for theirs).
    func lost(_ contention: inout Contention, id: String) {
        contention.losses += 1
        guard contention.turn == nil, contention.losses >= Self.lossesBeforeTurn else { return }
        // A failure here is Redis failing: the next read or write reports it.
        contention.turn = try? turns.acquire(keys.turn(id), ttl: Self.turnTime)
    }

    /// Someone else holds the turn: waits a while (0.25 ms doubling to 16 ms, half of it random so
    /// several waiters do not come back at once) before reading again.
    func wait(_ contention: inout Contention) {
        contention.turn = nil  // a turn this writer took has expired: it may take the next one
        let ceiling = 250 << min(contention.waits, 6)
        let microseconds = Int.random(in: ceiling / 2...ceiling)
        contention.waits += 1
        contention.waited += .microseconds(microseconds)
        Thread.sleep(forTimeInterval: Double(microseconds) / 1e6)
    }

    /// Lets a turn go that no write of this writer ended (its event changed nothing, or it gave up).
    func release(_ contention: Contention) {
        guard let turn = contention.turn else { return }
        _ = try? turns.release(turn)  // it expires on its own anyway
    }

    /// The turns' locks; their fence counters live as long as a record does.
    var turns: RedisLock { RedisLock(pool: pool, counterLifetime: recordTTL) }
}
