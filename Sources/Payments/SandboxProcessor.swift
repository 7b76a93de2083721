import CardEngine
import CardFormSupport

/// The default processor: no network, outcomes chosen by test card number the way providers'
/// sandboxes do (`test-cards.md`), after a configurable delay so the page's processing state shows.
struct SandboxProcessor: PaymentProcessor {
    /// Card numbers that fail, with their decline codes; every other card is approved.
    static let outcomes: [(number: String, declineCode: String)] = [
        ("4000000000000002", "card_declined"),
        ("4000000000009995", "insufficient_funds"),
        ("4000000000000069", "expired_card"),
        ("4000000000000119", "processing_error"),
    ]

    /// How long each payment takes.
    var delay: Duration

    /// A sandbox answering after `delay` (`processor.delayMs`).
    init(delay: Duration = .milliseconds(300)) {
        self.delay = delay
    }

    func process(_ request: ProcessorRequest, vault: CardVault) async -> PaymentResult {
        if delay > .zero { try? await ThreadPoolExecutor.background.sleep(for: delay) }
        let declineCode = vault.withCard(request.token) { card in
            Self.outcomes.first { card.numberIs($0.number) }?.declineCode
        }
        switch declineCode {
        case .none:
            // The card was discarded before its payment ran: nothing to charge.
            return .failed(declineCode: "processing_error")
        case .some(.none):
            return .succeeded(id: PaymentIdentifier.make(.payment))
        case .some(.some(let code)):
            return .failed(id: PaymentIdentifier.make(.payment), declineCode: code)
        }
    }
}
