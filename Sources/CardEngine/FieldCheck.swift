/// Why a field's value is not acceptable: a stable code with parameters, never English.
///
/// Messages come from the locale catalog, looked up by `code` (or by `alias`, PXP's rule id such as
/// `HN02`, which merchants may use in message overrides).
public struct ValidationIssue: Hashable, Sendable {
    /// Stable kebab-case code (CONTRACT §2), e.g. `invalid-card-number`, `card-expired`, `required`.
    public var code: String
    /// Another identifier a message override may address this issue by (e.g. `HN02`).
    public var alias: String?
    /// Values the message may interpolate, e.g. `["min": "3"]`.
    public var parameters: [String: String]

    public init(code: String, alias: String? = nil, parameters: [String: String] = [:]) {
        self.code = code
        self.alias = alias
        self.parameters = parameters
    }
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
