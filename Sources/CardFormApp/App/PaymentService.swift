import CardEngine
import CardFormSupport
import Payments
import Synchronization

/// Connects sessions to the payment pipeline: starts a payment when a submit is accepted, hands
/// the outcome back to the session through the store, and wakes the pages waiting for it. Kept
/// out of the session record: a payment and a waiting page are happenings, not state.
final class PaymentService: Sendable {
    let coordinator: PaymentCoordinator
    /// Where the outcome is written back.
    private let store: any SessionStore
    private let metrics: Metrics
    private let logger: Logger
    /// Callbacks waiting for a session's payment to end, by session id (long-polling pages).
    private let waiters = Mutex<[String: [@Sendable () -> Void]]>([:])

    init(coordinator: PaymentCoordinator, store: any SessionStore, metrics: Metrics, logger: Logger) {
        self.coordinator = coordinator
        self.store = store
        self.metrics = metrics
        self.logger = logger
    }

    /// Starts paying for session `sessionId`; when it ends, the session learns the result and
    /// waiting pages are woken. A second start while one runs changes nothing.
    func start(_ payment: PaymentStart, sessionId: String) {
        let draft = payment.draft
        coordinator.start(draft, saveCard: payment.saveCard && draft.customerId != nil) { [self] outcome in
            metrics.recordPayment(Metrics.PaymentKind(outcome))
            do {
                _ = try store.withSession(sessionId[...]) { $0.session.paymentResult(outcome.result) }
            } catch {
                // The processor's outcome stands (webhook sent); the page learns it when the store is back.
                logger.log("payment.result-not-stored", ["session": .idPrefix(sessionId)])
            }
            wake(sessionId)
        }
    }

    /// Calls `wake` once the session's payment ends (the caller checks the phase first and
    /// registers only while it is processing).
    func waitForResult(sessionId: String, _ wake: @escaping @Sendable () -> Void) {
        waiters.withLock { $0[sessionId, default: []].append(wake) }
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
