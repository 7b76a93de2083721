/// How a payment attempt ended, as the app's processor reports it.
public struct PaymentResult: Hashable, Sendable {
    /// Whether the payment went through.
    public enum Status: String, Sendable, Hashable { case succeeded, failed }

    public var status: Status
    /// The processor's payment id, when one was created.
    public var id: String?
    /// Why it failed (`card_declined`, `insufficient_funds`, `aborted`…).
    public var declineCode: String?
    /// A message to show as is (a `beforePaymentCreate` abort's message).
    public var message: String?

    public init(status: Status, id: String? = nil, declineCode: String? = nil, message: String? = nil) {
        self.status = status
        self.id = id
        self.declineCode = declineCode
        self.message = message
    }

    /// A payment that went through.
    public static func succeeded(id: String) -> PaymentResult { PaymentResult(status: .succeeded, id: id) }

    /// A payment that was declined or aborted.
    public static func failed(id: String? = nil, declineCode: String?, message: String? = nil) -> PaymentResult {
        PaymentResult(status: .failed, id: id, declineCode: declineCode, message: message)
    }
}

/// What the app must do after a submit.
public enum SubmitAction: Hashable, Sendable {
    /// Every field is valid: the session is now `processing`; create the payment with this.
    case startPayment(PaymentRequestDraft)
    /// Some fields are invalid; their errors are now shown.
    case rejected([FieldError])
    /// The session is processing or finished: nothing to do.
    case ignored
}
