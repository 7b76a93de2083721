import Foundation

/// Fairness between instances writing one session at once.
///
/// The compare-and-set alone lets a writer that skips its read (`withRecent`: one round trip per
/// event) win every race against one that must read first (two round trips, and the record opened
/// and the event run in between): under a steady stream of the first one's events, each of the
/// second one's windows holds one of its writes, and the second would lose every attempt. So from
/// its first loss on a writer sends a token with its writes, and a write that loses with a token
/// takes the session's *turn* (a key beside the record holding that token for `turnTime`; taken,
/// or extended, by the write script itself, so no round trip more). While another writer holds
/// it, a write is refused (`writeScript` answers -2, `WriteOutcome.othersTurn`): that writer backs
/// off and reads again. The turn ends with its holder's write (the script deletes it), with its
/// holder giving up, or on its own after `turnTime` if its holder died.
extension RedisSessionStore {
    /// How long a turn holds by default: a read, an event and a write, with room for a slow
    /// moment; also the longest a writer that died holding it holds the others back.
    static let defaultTurnTime: Duration = .milliseconds(250)

    /// Backs off after a write refused for another writer's turn.
    func backOff(_ contention: inout WriteContention) {
        let pause = contention.refused()
        Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18)
    }

    /// Lets a turn go that no write of this writer ended (its event changed nothing, or it gave
    /// up); a turn someone else holds by now is left alone.
    func endTurn(of contention: WriteContention, id: String) {
        guard let token = contention.turnToken else { return }
        // It expires on its own anyway: a failure here changes nothing.
        _ = try? pool.evaluate(RedisLock.releaseScript, keys: [keys.turn(id)], arguments: [token])
    }
}
