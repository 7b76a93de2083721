import CardEngine

/// An attempt sent to the processor whose outcome is not known yet: the request as it was sent
/// (vault token, idempotency key, amount) and what a success must still do.
struct UnresolvedAttempt: Sendable, Hashable {
    var request: ProcessorRequest
    var saveCard: Bool
    var customerId: String?
    var cardholderName: String?

    /// Whether `draft` asks for something other than this attempt: another card, expiry, network
    /// or amount (the card number is compared inside the vault).
    func differs(from draft: PaymentRequestDraft, vault: CardVault) -> Bool {
        let method = request.paymentMethod
        let sameCard = vault.withCard(request.token) { $0.numberIs(draft.cardNumber) } ?? false
        return !sameCard || method != PaymentMethodSummary(draft)
            || request.amount != draft.totalAmount || request.currency != draft.currency
    }
}

extension PaymentCoordinator {
    /// One `start`, to its end: the unknown attempt sent again when there is one (and, if it turns
    /// out failed while the shopper changed the card, a new attempt with the new card), else a new
    /// attempt. Returns the outcome, and the attempt that is still unknown, if it is.
    func run(
        _ draft: PaymentRequestDraft, attempt: Int, saveCard: Bool, unresolved: UnresolvedAttempt?
    ) async -> (PaymentOutcome, UnresolvedAttempt?) {
        guard let unresolved else { return await attemptNew(draft, attempt: attempt, saveCard: saveCard) }
        // Compared before the charge: a definite answer wipes the vaulted card.
        let changed = unresolved.differs(from: draft, vault: vault)
        let retried = await charge(unresolved)
        guard changed, retried.1 == nil, retried.0.result.status != .succeeded else { return retried }
        let next = unresolved.request.attempt + 1
        sessions.withLock { $0[draft.sessionId]?.attempt = next }
        return await attemptNew(draft, attempt: next, saveCard: saveCard)
    }

    /// A new attempt: vault the card, ask the merchant's hook, charge.
    private func attemptNew(_ draft: PaymentRequestDraft, attempt: Int, saveCard: Bool) async -> (PaymentOutcome, UnresolvedAttempt?) {
        let method = PaymentMethodSummary(draft)
        var outcome = PaymentOutcome(sessionId: draft.sessionId, attempt: attempt, result: .failed(declineCode: "processing_error"))
        guard let token = vault.store(draft) else { return (outcome, nil) }
        if let hook, case .abort(let message, let reason) = await hook.decide(sessionId: draft.sessionId, paymentMethod: method) {
            vault.discard(token)
            outcome.result = .failed(declineCode: "aborted", message: message)
            outcome.abortReason = reason
            return (outcome, nil)
        }
        let request = ProcessorRequest(
            sessionId: draft.sessionId, attempt: attempt, token: token, paymentMethod: method,
            amount: draft.totalAmount, currency: draft.currency, metadata: draft.metadata)
        return await charge(UnresolvedAttempt(
            request: request, saveCard: saveCard, customerId: draft.customerId, cardholderName: draft.cardholderName))
    }

    /// Sends `pending.request` to the processor. A definite answer wipes the card, saves it when
    /// asked and paid, and sends the webhook; an unknown one keeps the card for the retry.
    private func charge(_ pending: UnresolvedAttempt) async -> (PaymentOutcome, UnresolvedAttempt?) {
        let request = pending.request
        var outcome = PaymentOutcome(
            sessionId: request.sessionId, attempt: request.attempt, result: await processor.process(request, vault: vault))
        if outcome.result.status == .failed, let code = outcome.result.declineCode, DeclineReason.unknownOutcomeCodes.contains(code) {
            return (outcome, pending)
        }
        vault.discard(request.token)
        if pending.saveCard, outcome.result.status == .succeeded, let customerId = pending.customerId {
            outcome.savedCard = savedCards.save(
                customerId: customerId, paymentMethod: request.paymentMethod, cardholderName: pending.cardholderName)
        }
        webhooks?.enqueue(WebhookEvent(
            sessionId: request.sessionId, result: outcome.result, paymentMethod: request.paymentMethod,
            amount: request.amount, currency: request.currency))
        return (outcome, nil)
    }
}
