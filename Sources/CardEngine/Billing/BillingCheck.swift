/// How a billing field's value is judged, as a value its `BillingRule` carries: a field with a check
/// of its own brings a new `BillingCheck` (in its table entry or a file of its own), and nothing
/// switches over checks to find it.
///
/// The check sees the value trimmed and non-empty: emptiness, the byte bound and the country's
/// requirements are `BillingRules.check`'s, the same for every field. It says only whether the
/// value passes and, if not, whether typing more could still make it pass; the issue (the rule's
/// `code` and the message's parameters) is built from the rule, so every failure of one field
/// reads the same.
public struct BillingCheck: Sendable {
    /// The verdict on a trimmed, non-empty value.
    public enum Verdict: Sendable, Hashable {
        case valid
        /// Not valid; `canBecomeValid` when typing more could still make it so (`SW1`, `jane@`).
        case invalid(canBecomeValid: Bool)
    }

    /// Judges a value (trimmed, not empty) by the rule's bounds, in the selected country, if any.
    public typealias Evaluate = @Sendable (_ value: String, _ rule: BillingRule, _ country: Country?) -> Verdict

    public let evaluate: Evaluate
    /// What the error's message may interpolate.
    public let parameters: Parameters

    public init(parameters: Parameters = .empty, evaluate: @escaping Evaluate) {
        self.evaluate = evaluate
        self.parameters = parameters
    }

    /// What an error's message may interpolate (`{min}`, `{max}`, `{country}`, `{example}`), from
    /// the rule and the selected country.
    public struct Parameters: Sendable {
        public let values: @Sendable (_ rule: BillingRule, _ country: Country?) -> [String: String]

        public init(_ values: @escaping @Sendable (_ rule: BillingRule, _ country: Country?) -> [String: String]) {
            self.values = values
        }

        /// None: the message names the problem alone ("Invalid country").
        public static let empty = Parameters { _, _ in [:] }

        /// `{min}` and `{max}`, the rule's bounds.
        public static let bounds = Parameters { rule, _ in ["min": String(rule.minimum), "max": String(rule.maximum)] }

        /// `{max}`, and `{min}` where the rule has a minimum above zero (an optional line has none).
        public static let boundsAboveZero = Parameters { rule, country in
            (rule.minimum > 0 ? bounds : maximum).values(rule, country)
        }

        /// `{max}` alone: the minimum is one character, which the message need not say.
        public static let maximum = Parameters { rule, _ in ["max": String(rule.maximum)] }

        /// `{country}` when a country is selected.
        public static let country = Parameters { _, country in country.map { ["country": $0.code] } ?? [:] }
    }
}
