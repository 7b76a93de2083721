/// Why a field's value is not acceptable: a stable code with parameters, never English.
///
/// Messages come from the locale catalog, looked up by `code`, then by each of `aliases`: PXP's rule
/// id (`HN02`), which merchants may use in message overrides, and the broader Primer code the issue
/// refines (`invalid-cardholder-name` for `cardholder-name-too-short`), so that overrides and
/// translations written for the broader code still apply.
public struct ValidationIssue: Hashable, Sendable {
    /// Stable kebab-case code (CONTRACT §2), e.g. `invalid-card-number`, `card-expired`, `required`.
    public var code: String
    /// Other identifiers a message may be found by, the most specific first.
    public var aliases: [String]
    /// A catalog key tried before any other: the wording of the rule set that found the issue,
    /// where two rule sets share a code but not their words (PXP's stricter cardholder name).
    public var messageKey: String?
    /// Values the message may interpolate, e.g. `["min": "3"]`.
    public var parameters: [String: String]

    public init(code: String, aliases: [String] = [], messageKey: String? = nil, parameters: [String: String] = [:]) {
        self.code = code
        self.aliases = aliases
        self.messageKey = messageKey
        self.parameters = parameters
    }

    /// The first alias (PXP's rule id where the issue has one).
    public var alias: String? { aliases.first }
}

/// The verdict on one field's value.
public struct FieldCheck: Hashable, Sendable {
    /// What the full rule finds wrong, or `nil` when the value is valid.
    public var issue: ValidationIssue?
    /// Whether typing more could still make the value valid: while typing, an error shows only
    /// once this is false.
    public var isPotentiallyValid: Bool

    public var isValid: Bool { issue == nil }

    public static let valid = FieldCheck(issue: nil, isPotentiallyValid: true)

    public init(issue: ValidationIssue?, isPotentiallyValid: Bool) {
        self.issue = issue
        self.isPotentiallyValid = isPotentiallyValid
    }
}

/// When a rule runs: while typing only "can no longer become valid" shows; blur and submit run the
/// full rule.
public enum ValidationMode: String, Sendable, Hashable {
    case typing, blur, submit
}
