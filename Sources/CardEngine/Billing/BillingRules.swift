import Foundation

/// Validation and as-you-type formatting of the billing fields, country by country, by the
/// `BillingRule` each field's table entry carries. Pure functions: no state, no I/O.
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
        // Where the country has no such part (postal codes in Hong Kong), the form does not ask.
        if let part, !part.isAsked(in: country) { return .valid }
        // Cheap bound before any per-character work: anything this long is wrong however it ends.
        guard value.utf8.count <= rule.byteLimit else {
            return FieldCheck(issue: rule.issue(country: country), isPotentiallyValid: false)
        }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            guard required || part?.isRequired(in: country) == true else { return .valid }
            return FieldCheck(issue: ValidationIssue(code: "required"), isPotentiallyValid: mode == .typing)
        }
        switch rule.check.evaluate(trimmed, rule, country) {
        case .valid:
            return .valid
        case .invalid(let canBecomeValid):
            return FieldCheck(issue: rule.issue(country: country), isPotentiallyValid: mode == .typing && canBecomeValid)
        }
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
}
