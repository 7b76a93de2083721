extension BillingRules {
    /// Formats a billing field as the shopper types, keeping the caret after the same character.
    ///
    /// Postal codes go to capitals where the country writes them so (GB, CA, NL…); the phone
    /// keeps digits, `+ ( ) -` and spaces; the country code keeps two letters in capitals. Other
    /// fields are passed through with control characters removed (a pasted tab or line break
    /// becomes a space). Every value is capped (`inputLimit(of:)`), above the rule's maximum for
    /// free text so that an over-long paste shows an error instead of silently losing its end.
    public static func format(_ field: FieldType, edit: FieldEdit, country: Country?) -> FormattedValue {
        guard case .billing(let rule) = field.spec.rule else { return FormattedValue(value: edit.raw, caret: edit.caret) }
        return format(edit, rule: rule, country: country)
    }

    /// Formats an edit by a billing rule's `input`.
    static func format(_ edit: FieldEdit, rule: BillingRule, country: Country?) -> FormattedValue {
        let limit = rule.inputLimit
        switch rule.input {
        case .postalCode:
            let upper = country?.isPostalUpperCase ?? false
            return edit.filtered(limit: limit, keeping: { !isControl($0) }) { character in
                upper ? character.uppercased() : String(character)
            }
        case .phone:
            return edit.filtered(limit: limit, keeping: { $0.isASCII && ($0.isNumber || "+()- ".contains($0)) })
        case .countryCode:
            return edit.filtered(limit: limit, keeping: { $0.isASCII && $0.isLetter }) { $0.uppercased() }
        case .freeText:
            return edit.filtered(limit: limit, keeping: { !isControl($0) || $0.isWhitespace }) { character in
                character.isWhitespace && isControl(character) ? " " : String(character)
            }
        }
    }

    /// How many characters `format` keeps in a billing field (256 for a field with no billing rule).
    public static func inputLimit(of field: FieldType) -> Int {
        guard case .billing(let rule) = field.spec.rule else { return 256 }
        return rule.inputLimit
    }

    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { isControl($0) }
    }
}
