/// Where a session is in its life, with what that stage holds (CONTRACT §3 `phase`).
///
/// The payment's result and the masked card number live in the phases that have them, so no
/// combination the session could never be in (a result while ready, a mask while the card is
/// still held) can be written down.
public enum SessionPhase: Sendable, Hashable {
    /// Taking input; no payment attempted yet.
    case ready
    /// A payment is in flight: input, a second submit and cancel are ignored.
    case processing
    /// Paid. The card is forgotten but for its mask.
    case succeeded(PaymentResult, maskedCard: String)
    /// The last attempt failed; the shopper may edit and pay again.
    case failed(PaymentResult)
    /// The shopper gave up; the card is forgotten but for its mask. A failed attempt before it is kept.
    case cancelled(maskedCard: String, lastAttempt: PaymentResult?)
    /// The session outlived its time; the card is forgotten but for its mask.
    case expired(maskedCard: String, lastAttempt: PaymentResult?)

    /// The phase's name as the state JSON and the templates spell it.
    public enum Name: String, CaseIterable, Sendable, Hashable {
        case ready, processing, succeeded, failed, cancelled, expired
    }

    public var name: Name {
        switch self {
        case .ready: .ready
        case .processing: .processing
        case .succeeded: .succeeded
        case .failed: .failed
        case .cancelled: .cancelled
        case .expired: .expired
        }
    }

    /// The last payment attempt's result, kept until the next submit.
    public var payment: PaymentResult? {
        switch self {
        case .ready, .processing: nil
        case .succeeded(let result, _), .failed(let result): result
        case .cancelled(_, let result), .expired(_, let result): result
        }
    }

    /// The masked card number once the number itself is forgotten.
    public var maskedCard: String? {
        switch self {
        case .ready, .processing, .failed: nil
        case .succeeded(_, let mask), .cancelled(let mask, _), .expired(let mask, _): mask
        }
    }

    /// Whether the shopper can still edit and submit (after a failure they may try again).
    public var acceptsInput: Bool {
        switch self {
        case .ready, .failed: true
        case .processing, .succeeded, .cancelled, .expired: false
        }
    }
}

/// What the browser reports with a keystroke (CONTRACT §3 `POST /s/<id>/input`, `event`).
public enum InputEvent: String, CaseIterable, Sendable, Hashable {
    case input, focus, blur, paste
}

/// What an idle session's store must do after `expire()`.
public enum ExpiryOutcome: Sendable, Hashable {
    /// The session takes no more input (it expired now, or had already finished): retire it.
    case ended
    /// A payment is in flight: keep the session until its result arrives.
    case paymentPending
}
