import CardEngine
import Synchronization

/// Connects sessions to the payment pipeline: starts a payment when a submit is accepted, hands
/// the outcome back to the session, and wakes the pages waiting for it.
final class PaymentService: Sendable {
    let coordinator: PaymentCoordinator
    /// Callbacks waiting for a session's payment to end, by session id (long-polling pages).
    private let waiters = Mutex<[String: [@Sendable () -> Void]]>([:])

    init(coordinator: PaymentCoordinator) {
        self.coordinator = coordinator
    }

    /// Starts paying `draft` for `entry`'s session; when it ends, the session learns the result
    /// and waiting pages are woken. A second start while one runs changes nothing.
    func start(_ draft: PaymentRequestDraft, saveCard: Bool, for entry: SessionEntry) {
        _ = coordinator.start(draft, saveCard: saveCard && draft.customerId != nil) { [self] outcome in
            entry.state.withLock { $0.session.paymentResult(outcome.result) }
            wake(entry.id)
        }
    }

    /// Calls `wake` once the session's payment ends (the caller checks the phase first, under the
    /// session's lock, and registers only while it is processing).
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
