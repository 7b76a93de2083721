extension BillingRules {
    /// Email: the WHATWG "valid email address" (see `EmailAddressSyntax`).
    static func checkEmail(_ value: String, rule: BillingRule) -> Outcome {
        let verdict = EmailAddressSyntax.evaluate(value)
        return verdict.isValid ? .valid : rule.invalid(canBecomeValid: verdict.isViablePrefix)
    }

    /// Phone: 7–15 digits, written with any of `+ ( ) -` and spaces; a `+` only in front.
    static func checkPhone(_ value: String, rule: BillingRule) -> Outcome {
        var digits = 0
        var seenAnything = false
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
            case UInt8(ascii: "+"):
                // The international prefix comes first: "+44 20…", not "44+20".
                guard !seenAnything else { return rule.invalid(canBecomeValid: false) }
            case UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "-"):
                break
            default:
                return rule.invalid(canBecomeValid: false)
            }
            seenAnything = true
        }
        if digits > rule.maximum { return rule.invalid(canBecomeValid: false) }
        return digits >= rule.minimum ? .valid : rule.invalid(canBecomeValid: true)
    }
}
