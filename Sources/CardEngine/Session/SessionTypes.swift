/// Where a session is in its life (CONTRACT §3 `phase`).
public enum SessionPhase: String, CaseIterable, Sendable, Hashable {
    case ready, processing, succeeded, failed, cancelled, expired

    /// Whether the shopper can still edit and submit (after a failure they may try again).
    public var acceptsInput: Bool { self == .ready || self == .failed }
}

/// What the browser reports with a keystroke (CONTRACT §3 `POST /s/<id>/input`, `event`).
public enum InputEvent: String, CaseIterable, Sendable, Hashable {
    case input, focus, blur, paste
}

/// A field's shown error.
public struct FieldError: Hashable, Sendable {
    public var field: FieldType
    public var issue: ValidationIssue

    public init(field: FieldType, issue: ValidationIssue) {
        self.field = field
        self.issue = issue
    }
}

/// What changed in the state after an event, so the app re-renders only what it must.
public struct SessionChanges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The edited field's formatted value.
    public static let value = SessionChanges(rawValue: 1 << 0)
    /// Any field's shown error (the edited one, or one revalidated with it: CVV after the network,
    /// postal code and state after the country).
    public static let errors = SessionChanges(rawValue: 1 << 1)
    /// Available or selected networks, BIN data, the security code.
    public static let networks = SessionChanges(rawValue: 1 << 2)
    /// The surcharge.
    public static let surcharge = SessionChanges(rawValue: 1 << 3)
    /// `isValid`, `isBillingValid` or `canSubmit`.
    public static let validity = SessionChanges(rawValue: 1 << 4)
    /// The phase or the payment result.
    public static let phase = SessionChanges(rawValue: 1 << 5)
    /// Which field has focus.
    public static let focus = SessionChanges(rawValue: 1 << 6)
}

/// The answer to `update`: what the input should now show, and what changed.
public struct FieldUpdate: Hashable, Sendable {
    public var field: FieldType
    /// The formatted value and the caret (UTF-16 units) to set in the input.
    public var formatted: FormattedValue
    public var changes: SessionChanges
    /// True when the session refused the event (processing, finished, unknown or disabled field):
    /// `formatted` is then the value the session holds.
    public var wasIgnored: Bool
}

/// Where BIN data about the number came from (Primer's `binData.status`).
public enum BINDataStatus: String, Sendable, Hashable {
    /// From prefix rules only: co-badging is unknown.
    case partial
    /// From a BIN table or a BIN service.
    case complete
}

/// Primer's `binData`: the issuer's preferred network and the others on the card.
public struct BINData: Hashable, Sendable {
    public var preferred: CardNetwork?
    public var alternatives: [CardNetwork]
    public var status: BINDataStatus

    public init(preferred: CardNetwork?, alternatives: [CardNetwork], status: BINDataStatus) {
        self.preferred = preferred
        self.alternatives = alternatives
        self.status = status
    }
}

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
