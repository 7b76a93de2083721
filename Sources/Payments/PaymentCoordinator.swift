import CardEngine
import CardFormSupport
import Foundation
import Synchronization

/// Runs a submitted payment: vault the card → ask the merchant's hook (if configured) → the
/// processor → then send the webhook (if configured), save the card (if asked and paid), and wipe
/// the vaulted card. Reports each attempt's outcome once, through the completion given to `start`.
///
/// `start` returns at once: the pipeline runs in a task on `ThreadPoolExecutor.background`, so the
/// HTTP daemon's worker threads never wait for a payment, and the payment never waits behind
/// whatever else runs on Swift's cooperative pool (its timeouts are kept, not starved). At most
/// one attempt per session runs at a time, and a session that paid never pays again, whatever the
/// callers do: repeated or concurrent `start`s for a session are refused while its attempt runs.
///
/// The caller numbers the attempts (the number is the idempotency key's end), not the coordinator:
/// with several instances sharing the sessions, a retry may reach another instance than the
/// attempt it follows, and only a number kept with the session is the same on both.
///
/// An attempt whose outcome is unknown (the processor timed out, or the connection was lost after
/// the request went out: `DeclineReason.unknownOutcomeCodes`) may have charged the card. It keeps
/// its vaulted card and its idempotency key, sends no webhook, and the caller starts the session's
/// next submit under the same number: here the same request is sent again, so the processor can
/// answer the first charge instead of making a second; on another instance the card is vaulted
/// anew but the key is the same. Only a definite answer wipes the card; if it is a failure and the
/// shopper has since changed the card or the amount, the new card is tried at once as a new
/// attempt (the next number, reported in the outcome).
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
    /// Per session: the attempt last started here, whether it runs, the one unresolved (the
    /// attempt code reads it too).
    let sessions = Mutex<[String: SessionPayments]>([:])

    struct SessionPayments {
        var attempt = 0
        var isRunning = false
        var hasSucceeded = false
        /// The attempt whose outcome is unknown, to send again as it was.
        var unresolved: UnresolvedAttempt?
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

    /// Starts paying `draft` (from `CardSession.submit()`'s `.startPayment`) as attempt `attempt`
    /// unless its session is already paying or has paid. `attempt`: 1 for the session's first, the
    /// last one's number again while its outcome is unknown, else one more. `saveCard`: the
    /// shopper asked to keep the card (honoured only with a `customerId` and on success).
    /// `completion` runs once, on a thread of `ThreadPoolExecutor.background`, when the attempt
    /// ends; it must not block for long.
    @discardableResult
    public func start(
        _ draft: PaymentRequestDraft, attempt: Int, saveCard: Bool = false,
        completion: @escaping @Sendable (PaymentOutcome) -> Void
    ) -> StartDecision {
        let (decision, unresolved, settled) = sessions.withLock { table -> (StartDecision, UnresolvedAttempt?, UnresolvedAttempt?) in
            var payments = table[draft.sessionId, default: SessionPayments()]
            if payments.hasSucceeded { return (.alreadySucceeded, nil, nil) }
            if payments.isRunning { return (.alreadyInProgress(attempt: payments.attempt), nil, nil) }
            // The attempt left unknown here is sent again only under its own number: another
            // number means a definite answer to it came through another instance.
            var (unresolved, settled) = (payments.unresolved, UnresolvedAttempt?.none)
            if let held = unresolved, held.request.attempt != attempt { (unresolved, settled) = (nil, held) }
            payments.unresolved = unresolved
            payments.attempt = attempt
            payments.isRunning = true
            table[draft.sessionId] = payments
            return (.started(attempt: attempt), unresolved, settled)
        }
        guard case .started = decision else { return decision }
        if let settled { vault.discard(settled.request.token) }
        logger.log("payment.started", [
            "session": .idPrefix(draft.sessionId), "attempt": .int(attempt), "retried": .bool(unresolved != nil),
        ])
        Task(executorPreference: ThreadPoolExecutor.background) { [self] in
            let (outcome, stillUnresolved) = await run(draft, attempt: attempt, saveCard: saveCard, unresolved: unresolved)
            // Recorded before the completion runs, so a submit it lets through starts a new attempt.
            sessions.withLock { table in
                table[draft.sessionId]?.isRunning = false
                table[draft.sessionId]?.unresolved = stillUnresolved
                if outcome.result.status == .succeeded { table[draft.sessionId]?.hasSucceeded = true }
            }
            logger.log("payment.finished", [
                "session": .idPrefix(draft.sessionId), "attempt": .int(outcome.attempt),
                "succeeded": .bool(outcome.result.status == .succeeded), "aborted": .bool(outcome.wasAborted),
                "unknown": .bool(stillUnresolved != nil),
            ])
            completion(outcome)
        }
        return decision
    }

    /// The sessions this coordinator holds something for: a vaulted card, or attempts. A store
    /// shared by several instances may retire one elsewhere, which must still reach
    /// `sessionEnded` here: whoever sweeps asks the store about each of them.
    public var heldSessions: Set<String> {
        vault.sessionIds.union(sessions.withLock { $0.keys })
    }

    /// The session expired or was removed: wipes any card still vaulted for it and forgets its
    /// attempts. Call it wherever the session store drops a session.
    public func sessionEnded(_ sessionId: String) {
        vault.discardAll(sessionId: sessionId)
        _ = sessions.withLock { $0.removeValue(forKey: sessionId) }
    }
}
