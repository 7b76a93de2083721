/// The bounds and kind of check of one billing field, as its `FieldSpec` holds them.
///
/// Why these numbers (see `FieldSpec+Table.swift`): 100 characters for names, address lines, city
/// and state is what card processors' billing APIs commonly accept and what PXP uses for the
/// cardholder name, so a value we accept is not cut short downstream; the shortest real values are
/// one letter (the Norwegian village "Å", the family name "O"). 254 for an email is SMTP's limit on
/// an address in a path (RFC 5321). 7–15 digits: the shortest national numbers still in use, and
/// E.164's maximum. Address line 1 needs 3 ("1 A"). Postal code: 2–12 is the rule without a country
/// (no country's format is longer than 11); with one, its own format decides.
public struct BillingRule: Sendable {
    /// How the value is judged.
    public let check: BillingCheck
    /// How the value is cleaned up as typed.
    public let input: BillingInput
    /// The error code when the value is wrong (`invalid-email`).
    public let code: String
    /// Bounds in characters (digits for the phone number).
    public let minimum: Int
    public let maximum: Int
    /// How many characters the formatter keeps: above `maximum` for free text, so that an over-long
    /// paste shows an error instead of silently losing its end.
    public let inputLimit: Int
    /// Longer raw input (UTF-8 bytes) is rejected before any per-character work. Generous: 16
    /// bytes per allowed character covers letters with several combining marks; ASCII-only values
    /// get room for their characters plus surrounding whitespace.
    public let byteLimit: Int

    public init(
        _ check: BillingCheck, input: BillingInput = .freeText, code: String, length: ClosedRange<Int>,
        inputLimit: Int = 256, byteLimit: Int? = nil
    ) {
        self.check = check
        self.input = input
        self.code = code
        self.minimum = length.lowerBound
        self.maximum = length.upperBound
        self.inputLimit = inputLimit
        self.byteLimit = byteLimit ?? length.upperBound * 16
    }

    /// The issue with the parameters a message may interpolate.
    func issue(country: Country?) -> ValidationIssue {
        ValidationIssue(code: code, parameters: check.parameters.values(self, country))
    }
}

extension BillingRules {
    /// The bounds a billing field is checked against, in characters (digits for the phone
    /// number); nil for a card field.
    public static func lengthBounds(of field: FieldType) -> ClosedRange<Int>? {
        guard case .billing(let rule) = field.spec.rule else { return nil }
        return rule.minimum...rule.maximum
    }
}
