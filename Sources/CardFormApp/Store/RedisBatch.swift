import Dispatch
import Synchronization

/// Commands of several threads sent to Redis together (group commit): a caller that finds fewer
/// than `inFlightLimit` batches out leads, sending every command queued meanwhile in one write on
/// one pooled connection and reading their replies in order; the callers that came while that
/// many were out wait, and the next batch carries them all. A keystroke's script costs both
/// processes a write, a read and a wakeup on loopback TCP, far more than the script itself: under
/// load several keystrokes share them. More than one batch may be out so that Redis is not left
/// idle while the next sender is woken.
///
/// Redis runs each command whole and in the order received, so a batch changes no command's
/// meaning: the callers were concurrent anyway, and each still returns only after its own reply.
/// A server error answers its own command alone; a transport failure (the connection broke or
/// timed out) answers every command of the batch still without a reply, and the connection is
/// dropped. A caller waits at most for the batch before its own, and each batch's replies within
/// the command timeout. Only commands that never block the server belong here (scripts).
struct RedisBatch: Sendable {
    /// Callers whose command waits for the next batch, in arrival order.
    fileprivate(set) var queue: [RedisBatchCaller] = []
    /// Batches out, or callers woken to send the next one.
    fileprivate(set) var inFlight = 0
    /// How many batches may be out at once.
    static let inFlightLimit = 2
}

/// One caller's command and, once its batch is answered, the outcome; `wake` is signalled when the
/// outcome is there, or when this caller is to send the next batch (no outcome yet), which is then
/// in `handed` (itself first).
final class RedisBatchCaller: Sendable {
    let command: RedisCommand
    let outcome = Mutex<Result<RedisReply, RedisError>?>(nil)
    let handed = Mutex<[RedisBatchCaller]>([])
    let wake = DispatchSemaphore(value: 0)

    init(_ command: RedisCommand) { self.command = command }
}

extension RedisPool {
    /// Runs `command` in the next batch (`RedisBatch`) and answers its own reply.
    func batched(_ command: RedisCommand) throws(RedisError) -> RedisReply {
        let caller = RedisBatchCaller(command)
        // Callers queue only while the limit of batches is out, so one that may lead at once finds
        // the queue empty and sends its command alone, decided under the same lock: no other
        // sender can take it into a batch meanwhile.
        var callers = batch.withLock { batch -> [RedisBatchCaller] in
            if batch.inFlight < RedisBatch.inFlightLimit {
                batch.inFlight += 1
                return [caller]
            }
            batch.queue.append(caller)
            return []
        }
        if callers.isEmpty {
            caller.wake.wait()
            if let outcome = caller.outcome.withLock({ $0 }) { return try outcome.get() }
            // Emptied as it is taken: the batch holds this caller, which must not hold itself.
            callers = caller.handed.withLock { handed in
                defer { handed = [] }
                return handed
            }
        }
        send(callers)
        // The next batch is sent by the first caller waiting for it, on its own thread: this
        // caller's answer is not held back by it. The queue is taken whole under the lock and handed
        // over with this sender's place, so two senders finishing at once never hand the same batch
        // (and the same place) twice: the second finds the queue empty and gives its place up.
        let next = batch.withLock { batch -> RedisBatchCaller? in
            guard let first = batch.queue.first else {
                batch.inFlight -= 1
                return nil
            }
            first.handed.withLock { $0 = batch.queue }
            batch.queue.removeAll(keepingCapacity: true)
            return first
        }
        next?.wake.signal()
        guard let outcome = caller.outcome.withLock({ $0 }) else {
            throw RedisError(.protocolError, "\(command): its batch was sent without it")
        }
        return try outcome.get()
    }

    /// Sends `callers`' commands on one connection and hands each its outcome, waking all but the
    /// first: the sender, which is always the first of its batch (callers queue only while the
    /// limit of batches is out, so one that leads at once came to an empty queue; else it was
    /// first in the one left when a batch was answered).
    private func send(_ callers: [RedisBatchCaller]) {
        let outcomes: [Result<RedisReply, RedisError>]
        do throws(RedisError) {
            outcomes = try withConnection { connection in connection.run(callers.map(\.command)) }
        } catch {
            outcomes = Array(repeating: .failure(error), count: callers.count)
        }
        for (caller, outcome) in zip(callers, outcomes) { caller.outcome.withLock { $0 = outcome } }
        for caller in callers.dropFirst() { caller.wake.signal() }
    }
}
