import Foundation

/// Validation and as-you-type formatting of the ten billing fields, country by country. Pure
/// functions: no state, no I/O.
///
/// What a `FieldCheck` from `check` means, in every mode:
/// - `issue` is what the full rule finds wrong with the value as it stands (`required` for an
///   empty field that must be filled), so `isValid` always says whether the value can be submitted.
/// - `isPotentiallyValid` says whether the error should stay hidden. While `.typing` it is true as
///   long as typing more could still make the value valid (`SW1`, `jane@`, an empty field). On
///   `.blur` and `.submit` the shopper is done with the field, so it is true only when the value
///   is valid. A caller therefore shows `issue` exactly when `isPotentiallyValid` is false.
public enum BillingRules {
    /// Checks one billing field's value.
    ///
    /// - Parameters:
    ///   - country: the selected billing country; `nil` when the form has none, and then postal
    ///     codes and states get a lenient rule that fits every country.
    ///   - required: whether the merchant requires the field. The country's own requirements are
    ///     added for `city`, `state` and `postalCode` (a US address needs its state and ZIP code).
    ///     Where the country has no postal codes the field is not asked and always valid.
    public static func check(
        _ field: FieldType, value: String, country: Country?, required: Bool, mode: ValidationMode
    ) -> FieldCheck {
        guard case .billing(let rule) = field.spec.rule else { return .valid }
        return check(value, rule: rule, followsCountry: field.spec.followsCountry, country: country, required: required, mode: mode)
    }

    /// Checks a value against a billing rule; `followsCountry` adds the country's requirement.
    static func check(
        _ value: String, rule: BillingRule, followsCountry part: AddressPart?, country: Country?, required: Bool,
        mode: ValidationMode
    ) -> FieldCheck {
        if rule.check == .postalCode, let country, !country.hasPostalCode { return .valid }
        // Cheap bound before any per-character work: anything this long is wrong however it ends.
        guard value.utf8.count <= rule.byteLimit else {
            return FieldCheck(issue: rule.issue(country: country), isPotentiallyValid: false)
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            guard required || part?.isRequired(in: country) == true else { return .valid }
            return FieldCheck(issue: ValidationIssue(code: "required"), isPotentiallyValid: mode == .typing)
        }
        let outcome: Outcome = switch rule.check {
        case .personName: checkName(trimmed, rule: rule)
        case .email: checkEmail(trimmed, rule: rule)
        case .phoneNumber: checkPhone(trimmed, rule: rule)
        case .addressLine: checkAddressLine(trimmed, rule: rule)
        case .placeName: checkPlaceName(trimmed, rule: rule)
        case .subdivision: checkState(trimmed, rule: rule, country: country)
        case .postalCode: checkPostalCode(trimmed, rule: rule, country: country)
        case .country: checkCountry(trimmed, rule: rule)
        }
        return outcome.check(in: mode)
    }

    /// The locale catalog keys of the labels that depend on the country: `postalCode.<kind>`,
    /// `state.<kind>` and `city.<kind>`. Without a country, the data's defaults (`postalCode.postal`,
    /// `state.province`, `city.city`).
    public static func labelKeys(for country: Country?) -> [FieldType: String] {
        var keys: [FieldType: String] = [:]
        for field in FieldType.allCases {
            if let part = field.spec.followsCountry { keys[field] = part.labelKey(in: country) }
        }
        return keys
    }

    /// The full rule's verdict before the mode is applied.
    struct Outcome {
        var issue: ValidationIssue?
        /// Whether typing more could still make the value valid.
        var canBecomeValid: Bool

        static let valid = Outcome(issue: nil, canBecomeValid: true)

        static func invalid(_ issue: ValidationIssue, canBecomeValid: Bool) -> Outcome {
            Outcome(issue: issue, canBecomeValid: canBecomeValid)
        }

        func check(in mode: ValidationMode) -> FieldCheck {
            guard let issue else { return .valid }
            return FieldCheck(issue: issue, isPotentiallyValid: mode == .typing && canBecomeValid)
        }
    }
}
