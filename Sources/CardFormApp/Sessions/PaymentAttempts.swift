import Payments

/// A session's payment attempts as every instance sees them: kept in the record the store shares,
/// not in one instance's memory, so that the idempotency key (`<session>:<attempt>`) a retry is
/// sent under is the same whichever instance the shopper's next submit reaches.
struct PaymentAttempts: Sendable, Hashable {
    /// The number of the last attempt started; 0 before the first.
    var last = 0
    /// The last attempt's outcome is unknown (processor timeout, connection lost): it may have
    /// charged, so the next submit sends it again under the same number.
    var isUnknown = false

    /// Takes the number the submit that starts paying now is sent under: the unknown attempt's
    /// again, else a new one.
    mutating func begin() -> Int {
        if !isUnknown { last += 1 }
        return last
    }

    /// Notes how attempt `attempt`, the session's last, ended. It may be newer than the one begun:
    /// the coordinator goes on to a new attempt when a resent unknown one turns out declined and
    /// the card has changed. The merchant's hook stopping the resend of an unknown attempt (an
    /// instance that did not send it asks the hook again) says nothing of the first send: it stays
    /// unknown, so no later submit goes out under a new key while the first may have charged.
    mutating func end(_ attempt: Int, _ ending: PaymentOutcome.Ending) {
        let wasResent = isUnknown && attempt == last
        last = attempt
        isUnknown = ending == .unknown || (ending == .aborted && wasResent)
    }
}
