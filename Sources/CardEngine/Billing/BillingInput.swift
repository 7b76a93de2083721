/// How a billing field's value is cleaned up as the shopper types, as a value its `BillingRule`
/// carries (like its `BillingCheck`): the caret stays after the same character, and the value is
/// capped at the rule's `inputLimit`.
public struct BillingInput: Sendable {
    /// Formats an edit, keeping at most `limit` characters, for the selected country, if any.
    public typealias Format = @Sendable (_ edit: FieldEdit, _ limit: Int, _ country: Country?) -> FormattedValue

    public let format: Format

    public init(format: @escaping Format) {
        self.format = format
    }

    /// Anything printable: control characters dropped, a pasted tab or line break becomes a space.
    public static let freeText = BillingInput { edit, limit, _ in
        edit.filtered(limit: limit, keeping: { !isControl($0) || $0.isWhitespace }) { character in
            character.isWhitespace && isControl(character) ? " " : String(character)
        }
    }

    /// Digits, `+ ( ) -` and spaces (a phone number).
    public static let phone = digits(and: "+()- ")

    /// In capitals where the country writes its postal codes so (GB, CA, NL…); control characters
    /// dropped.
    public static let postalCode = BillingInput { edit, limit, country in
        let upper = country?.isPostalUpperCase ?? false
        return edit.filtered(limit: limit, keeping: { !isControl($0) }) { character in
            upper ? character.uppercased() : String(character)
        }
    }

    /// Letters only, in capitals (a country code).
    public static let countryCode = BillingInput { edit, limit, _ in
        edit.filtered(limit: limit, keeping: { $0.isASCII && $0.isLetter }) { $0.uppercased() }
    }

    /// ASCII digits and the characters of `punctuation` (how the number is commonly written).
    public static func digits(and punctuation: String) -> BillingInput {
        BillingInput { edit, limit, _ in
            edit.filtered(limit: limit, keeping: { $0.isASCII && ($0.isNumber || punctuation.contains($0)) })
        }
    }

    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { BillingCheck.isControl($0) }
    }
}

extension BillingRules {
    /// Formats a billing field as the shopper types, by its rule's `input`, keeping the caret after
    /// the same character; a card field's edit is returned as typed.
    ///
    /// Every value is capped (`inputLimit(of:)`), above the rule's maximum for free text so that an
    /// over-long paste shows an error instead of silently losing its end.
    public static func format(_ field: FieldType, edit: FieldEdit, country: Country?) -> FormattedValue {
        guard case .billing(let rule) = field.spec.rule else { return FormattedValue(value: edit.raw, caret: edit.caret) }
        return format(edit, rule: rule, country: country)
    }

    /// Formats an edit by a billing rule's `input`.
    static func format(_ edit: FieldEdit, rule: BillingRule, country: Country?) -> FormattedValue {
        rule.input.format(edit, rule.inputLimit, country)
    }

    /// How many characters `format` keeps in a billing field (256 for a field with no billing rule).
    public static func inputLimit(of field: FieldType) -> Int {
        guard case .billing(let rule) = field.spec.rule else { return 256 }
        return rule.inputLimit
    }
}
