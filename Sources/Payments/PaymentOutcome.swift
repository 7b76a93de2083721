import CardEngine

/// How one payment attempt ended, as `PaymentCoordinator` reports it.
public struct PaymentOutcome: Sendable, Hashable {
    var sessionId: String
    /// 1 for the session's first attempt, 2 after one failure, and so on (an unknown attempt
    /// sent again keeps its number).
    public internal(set) var attempt: Int
    /// What to hand to `CardSession.paymentResult(_:)`. A hook abort is a failed result with decline
    /// code `aborted` and the merchant's message (if any) in `message`, to show as is.
    public var result: PaymentResult
    /// Set when the merchant's `beforePaymentCreate` hook stopped the payment before it was created
    /// (no processor call, no webhook).
    var abortReason: BeforePaymentDecision.AbortReason?
    /// The card saved for the customer, when the shopper asked and the payment succeeded.
    var savedCard: SavedCard?

    /// Whether the hook stopped the payment.
    var wasAborted: Bool { abortReason != nil }

    /// How an attempt ended, in four words.
    public enum Ending: Sendable {
        case succeeded, failed
        /// The merchant's hook stopped it before the processor.
        case aborted
        /// No definite answer: the processor may have charged, the next submit sends it again.
        case unknown
    }

    public var ending: Ending {
        if result.status == .succeeded { return .succeeded }
        if wasAborted { return .aborted }
        if let code = result.declineCode, DeclineReason.unknownOutcomeCodes.contains(code) { return .unknown }
        return .failed
    }

    /// The locale key explaining a failure (`decline.card_declined`, … `decline.generic`); nil on
    /// success. When `result.message` is set (a merchant's abort message), show that instead.
    var reasonKey: String? {
        result.status == .succeeded ? nil : DeclineReason.localeKey(for: result.declineCode)
    }
}
