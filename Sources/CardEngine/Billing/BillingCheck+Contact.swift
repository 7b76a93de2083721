extension BillingCheck {
    /// Email: the WHATWG "valid email address" (see `EmailAddressSyntax`).
    public static let email = BillingCheck(parameters: .maximum) { value, _, _ in
        let verdict = EmailAddressSyntax.evaluate(value)
        return verdict.isValid ? .valid : .invalid(canBecomeValid: verdict.isViablePrefix)
    }

    /// Phone: the rule's bounds in digits (7–15), written with any of `+ ( ) -` and spaces; a `+`
    /// only in front.
    public static let phoneNumber = BillingCheck(parameters: .bounds) { value, rule, _ in
        var digits = 0
        var seenAnything = false
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
            case UInt8(ascii: "+"):
                // The international prefix comes first: "+44 20…", not "44+20".
                guard !seenAnything else { return .invalid(canBecomeValid: false) }
            case UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "-"):
                break
            default:
                return .invalid(canBecomeValid: false)
            }
            seenAnything = true
        }
        if digits > rule.maximum { return .invalid(canBecomeValid: false) }
        return digits >= rule.minimum ? .valid : .invalid(canBecomeValid: true)
    }
}
