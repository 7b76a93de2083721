/// A field's shown error. Only the session makes these (with the memberwise init), so there is no
/// public init.
public struct FieldError: Hashable, Sendable {
    public var field: FieldType
    public var issue: ValidationIssue
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
    /// `isValid`, `isBillingValid` or `canSubmit`, or whether any field is complete and valid
    /// (`isValid(_:)`: the page tells the merchant each field that passes).
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
    /// The fields whose shown error changed (appeared, went, or became another): the edited one,
    /// or one revalidated with it. Empty unless `changes` holds `.errors`.
    public var errorFields: FieldSet
    /// The fields that started or stopped holding a complete, valid value
    /// (`CardSession.isValid(_:)`). Empty unless `changes` holds `.validity`.
    public var validityFields: FieldSet
    /// True when the session refused the event (processing, finished, unknown or disabled field):
    /// `formatted` is then the value the session holds.
    public var wasIgnored: Bool
}
