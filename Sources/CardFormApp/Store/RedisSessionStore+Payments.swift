import Foundation

/// Exactly one payment per session across instances, twice over: the compare-and-set on the
/// record already lets one writer only move a session into `processing`, and that write also
/// needs the session's payment lock (`RedisLock`, with an expiry and a fencing token) taken just
/// before and checked by the write itself. The fence is kept by the instance that pays and
/// carried into the write that stores the result, after which the lock is released.
extension RedisSessionStore {
    /// How long a payment lock holds. It guards only the step into `processing`: once the record
    /// says `processing` no instance can start another payment, lock or not, and a payment
    /// outlasting its lock still stores its result. So it is short: an instance that dies holding
    /// it (between taking it and its write) holds the session's submits back this long at most.
    static let defaultPaymentLockTime: Duration = .seconds(15)

    /// Writes `record` (changed by an event from `before`) if Redis still holds `before`, with the
    /// payment lock when the event starts or ends a payment (and this writer's turn token, once it
    /// has one); anything but `.stored` is to read again and rerun.
    func writeGuardingPayment(_ record: SessionRecord, over before: Stored, turn: String?) throws(StoreError) -> WriteOutcome {
        let (wasPaying, isPaying) = (before.record.session.phase == .processing, record.session.phase == .processing)
        if !wasPaying && isPaying { return try startPayment(record, over: before, turn: turn) }
        guard wasPaying && !isPaying, let fence = leases.withLock({ $0[record.id] }) else {
            return try write(record, over: before, turn: turn)
        }
        var outcome = try write(record, over: before, fence: fence, turn: turn)
        // The lock expired during a long payment: the result is stored all the same.
        if outcome == .fenced { outcome = try write(record, over: before, turn: turn) }
        guard outcome == .stored else { return outcome }
        leases.withLock { $0[record.id] = nil }
        _ = try? RedisLock(pool: pool).release(fence)
        return .stored
    }

    /// Takes the payment lock and writes the record that starts paying under its fence. A lock
    /// another instance holds means it is starting this session's payment: `.paymentUnderway`, so
    /// the event reruns on the record that instance writes (a lock whose holder died expires).
    private func startPayment(_ record: SessionRecord, over before: Stored, turn: String?) throws(StoreError) -> WriteOutcome {
        let lock = RedisLock(pool: pool)
        guard let fence = try redis({ try lock.acquire(keys.paymentLock(record.id), ttl: paymentLockTime) }) else {
            Thread.sleep(forTimeInterval: 0.02)
            return .paymentUnderway
        }
        let outcome = try write(record, over: before, fence: fence, turn: turn)
        if outcome == .stored {
            leases.withLock { $0[record.id] = fence }
        } else {
            _ = try? lock.release(fence)
        }
        return outcome
    }
}
