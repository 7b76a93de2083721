import CardEngine
import CardFormSupport
import Foundation
import Synchronization

/// Runs a submitted payment: vault the card → ask the merchant's hook (if configured) → the
/// processor → then send the webhook (if configured), save the card (if asked and paid), and wipe
/// the vaulted card. Reports each attempt's outcome once, through the completion given to `start`.
///
/// `start` returns at once: the pipeline runs in a task on Swift's cooperative pool, so the HTTP
/// daemon's worker threads never wait for a payment. At most one attempt per session runs at a
/// time, and a session that paid never pays again, whatever the callers do: repeated or concurrent
/// `start`s for a session are refused while its attempt runs. After a failed attempt the next
/// `start` is a new attempt (the shopper fixed the card).
public final class PaymentCoordinator: Sendable {
    /// What `start` did.
    public enum StartDecision: Hashable, Sendable {
        /// A new attempt runs; its completion will be called exactly once.
        case started(attempt: Int)
        /// The session's attempt `attempt` is still running: nothing started, no completion.
        case alreadyInProgress(attempt: Int)
        /// The session has paid: nothing started, no completion.
        case alreadySucceeded
    }

    let processor: any PaymentProcessor
    let vault: CardVault
    let hook: BeforePaymentHook?
    public let webhooks: WebhookDispatcher?
    public let savedCards: SavedCardStore
    private let logger: Logger
    private let sessions = Mutex<[String: SessionPayments]>([:])

    private struct SessionPayments {
        var attempts = 0
        var isRunning = false
        var hasSucceeded = false
    }

    /// A coordinator over its components; only `processor` is required.
    init(
        processor: any PaymentProcessor, vault: CardVault = CardVault(), hook: BeforePaymentHook? = nil,
        webhooks: WebhookDispatcher? = nil, savedCards: SavedCardStore = SavedCardStore(), logger: Logger = .silent
    ) {
        self.processor = processor
        self.vault = vault
        self.hook = hook
        self.webhooks = webhooks
        self.savedCards = savedCards
        self.logger = logger
    }

    /// Starts paying `draft` (from `CardSession.submit()`'s `.startPayment`) unless its session is
    /// already paying or has paid. `saveCard`: the shopper asked to keep the card (honoured only
    /// with a `customerId` and on success). `completion` runs once, on a pool thread, when the
    /// attempt ends; it must not block.
    @discardableResult
    public func start(
        _ draft: PaymentRequestDraft, saveCard: Bool = false,
        completion: @escaping @Sendable (PaymentOutcome) -> Void
    ) -> StartDecision {
        let decision = sessions.withLock { table -> StartDecision in
            var payments = table[draft.sessionId, default: SessionPayments()]
            if payments.hasSucceeded { return .alreadySucceeded }
            if payments.isRunning { return .alreadyInProgress(attempt: payments.attempts) }
            payments.attempts += 1
            payments.isRunning = true
            table[draft.sessionId] = payments
            return .started(attempt: payments.attempts)
        }
        guard case .started(let attempt) = decision else { return decision }
        logger.log("payment.started", ["session": .idPrefix(draft.sessionId), "attempt": .int(attempt)])
        Task { [self] in
            let outcome = await run(draft, attempt: attempt, saveCard: saveCard)
            // Recorded before the completion runs, so a submit it lets through starts a new attempt.
            sessions.withLock { table in
                table[draft.sessionId]?.isRunning = false
                if outcome.result.status == .succeeded { table[draft.sessionId]?.hasSucceeded = true }
            }
            logger.log("payment.finished", [
                "session": .idPrefix(draft.sessionId), "attempt": .int(attempt),
                "succeeded": .bool(outcome.result.status == .succeeded), "aborted": .bool(outcome.wasAborted),
            ])
            completion(outcome)
        }
        return decision
    }

    /// The session expired or was removed: wipes any card still vaulted for it and forgets its
    /// attempts. Call it wherever the session store drops a session.
    public func sessionEnded(_ sessionId: String) {
        vault.discardAll(sessionId: sessionId)
        _ = sessions.withLock { $0.removeValue(forKey: sessionId) }
    }

    /// One attempt, start to end; the vaulted card is wiped before this returns.
    private func run(_ draft: PaymentRequestDraft, attempt: Int, saveCard: Bool) async -> PaymentOutcome {
        let method = PaymentMethodSummary(draft)
        var outcome = PaymentOutcome(sessionId: draft.sessionId, attempt: attempt, result: .failed(declineCode: "processing_error"))
        guard let token = vault.store(draft) else { return outcome }
        defer { vault.discard(token) }
        if let hook, case .abort(let message, let reason) = await hook.decide(sessionId: draft.sessionId, paymentMethod: method) {
            outcome.result = .failed(declineCode: "aborted", message: message)
            outcome.abortReason = reason
            return outcome
        }
        let request = ProcessorRequest(
            sessionId: draft.sessionId, attempt: attempt, token: token, paymentMethod: method,
            amount: draft.totalAmount, currency: draft.currency, metadata: draft.metadata)
        outcome.result = await processor.process(request, vault: vault)
        vault.discard(token)
        if saveCard, outcome.result.status == .succeeded, let customerId = draft.customerId {
            outcome.savedCard = savedCards.save(customerId: customerId, paymentMethod: method, cardholderName: draft.cardholderName)
        }
        webhooks?.enqueue(WebhookEvent(
            sessionId: draft.sessionId, result: outcome.result, paymentMethod: method,
            amount: draft.totalAmount, currency: draft.currency))
        return outcome
    }
}
