import CardEngine
import CardFormSupport
import Payments
import Synchronization

/// Connects sessions to the payment pipeline: starts a payment when a submit is accepted, hands
/// the outcome back to the session through the store, and wakes the pages waiting for it. Kept
/// out of the session record: a payment and a waiting page are happenings, not state. Its retries
/// and polls run on `ThreadPoolExecutor.background`, with the payments they follow, so that a busy
/// process does not hold up the news a waiting page is owed.
final class PaymentService: Sendable {
    let coordinator: PaymentCoordinator
    /// Where the outcome is written back.
    private let store: any SessionStore
    private let metrics: Metrics
    private let logger: Logger
    /// Callbacks waiting for a session's payment to end, by session id (long-polling pages).
    private let waiters = Mutex<[String: [@Sendable () -> Void]]>([:])
    /// With a store shared by several instances, how often the sessions pages wait on are read:
    /// their payment may end on another instance, which cannot wake them here. Nil: only this
    /// instance pays for its sessions (memory), and `start` wakes the pages itself.
    private let pollInterval: Duration?
    private let isPolling = Atomic<Bool>(false)

    init(coordinator: PaymentCoordinator, store: any SessionStore, metrics: Metrics, logger: Logger, pollInterval: Duration? = nil) {
        self.coordinator = coordinator
        self.store = store
        self.metrics = metrics
        self.logger = logger
        self.pollInterval = pollInterval
    }

    /// Starts paying for session `sessionId`; when it ends, the session learns the result and
    /// waiting pages are woken. A second start while one runs changes nothing.
    func start(_ payment: PaymentStart, sessionId: String) {
        let draft = payment.draft
        coordinator.start(draft, attempt: payment.attempt, saveCard: payment.saveCard && draft.customerId != nil) { [self] outcome in
            metrics.recordPayment(Metrics.PaymentKind(outcome))
            storeResult(outcome, sessionId: sessionId)
        }
    }

    /// Writes a payment's result into its session, with how its attempt ended (an unknown one is
    /// sent again by the next submit, on whichever instance), and wakes its pages. While the store
    /// does not answer, tries again every second for ten minutes: the processor's outcome stands
    /// (its webhook is on its way), and a session left `processing` would never end.
    private func storeResult(_ outcome: PaymentOutcome, sessionId: String, retry: Int = 0) {
        do {
            _ = try store.withSession(sessionId[...]) { record in
                record.session.paymentResult(outcome.result)
                record.payments.end(outcome.attempt, outcome.ending)
            }
        } catch {
            if retry == 0 { logger.log("payment.result-not-stored", ["session": .idPrefix(sessionId)]) }
            if retry < 600 {
                ThreadPoolExecutor.background.run(after: .seconds(1)) { [self] in
                    storeResult(outcome, sessionId: sessionId, retry: retry + 1)
                }
                return
            }
        }
        wake(sessionId)
    }

    /// Calls `wake` once the session's payment ends (the caller checks the phase first and
    /// registers only while it is processing).
    func waitForResult(sessionId: String, _ wake: @escaping @Sendable () -> Void) {
        waiters.withLock { $0[sessionId, default: []].append(wake) }
        if let pollInterval, !isPolling.exchange(true, ordering: .acquiringAndReleasing) { schedulePoll(after: pollInterval) }
    }

    /// One read per waited session each `pollInterval` while any page waits (a long-poll gives
    /// up after 25 s, so this stops by itself): wakes those whose payment ended anywhere.
    private func schedulePoll(after interval: Duration) {
        ThreadPoolExecutor.background.run(after: interval) { [self] in
            for id in waiters.withLock({ Array($0.keys) }) {
                let ended = try? store.withSession(id[...]) { $0.session.phase != .processing }
                if case .live(false) = ended { continue }
                wake(id)
            }
            isPolling.store(false, ordering: .releasing)
            // A page that registered while this round ended must not be left to its timeout.
            if waiters.withLock({ !$0.isEmpty }), !isPolling.exchange(true, ordering: .acquiringAndReleasing) {
                schedulePoll(after: interval)
            }
        }
    }

    /// Wakes everything waiting on `sessionId`.
    func wake(_ sessionId: String) {
        let callbacks = waiters.withLock { $0.removeValue(forKey: sessionId) ?? [] }
        for callback in callbacks { callback() }
    }

    /// The customer's saved cards, masked (`GET /api/customers/<id>/cards`).
    func savedCardsJSON(customerId: String) -> JSONValue {
        coordinator.savedCards.listJSON(customerId: customerId)
    }

    /// A session is gone: its vaulted card is wiped and its attempts forgotten.
    func sessionEnded(_ sessionId: String) {
        coordinator.sessionEnded(sessionId)
        wake(sessionId)
    }
}
