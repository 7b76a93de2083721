/// The security code rule: exactly the network's length, digits only.
public enum CVVRule {
    /// Checks a CVV against the network's security code. An empty value is `required` when both
    /// the field and the network's cards require one (Bancontact cards carry none).
    public static func check(_ value: String, code: SecurityCode, required: Bool = true) -> FieldCheck {
        if value.isEmpty {
            return required && code.isRequired ? FieldCheck(issue: .required, isPotentiallyValid: true) : .valid
        }
        let length = value.utf8.count
        guard value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return invalid(code, potentially: false) }
        if code.lengths.contains(length) { return .valid }
        return invalid(code, potentially: length < code.maxLength)
    }

    /// Too few digits is `incomplete-cvv` (Primer's `invalid-cvv` as its alias); anything else is
    /// `invalid-cvv`. Both carry the code's name and lengths, for messages that want them.
    static func invalid(_ code: SecurityCode, potentially: Bool) -> FieldCheck {
        let lengths = code.lengths.map(String.init).joined(separator: "–")
        let parameters = ["name": code.name, "length": lengths]
        let issue = potentially
            ? ValidationIssue(code: "incomplete-cvv", aliases: ["invalid-cvv"], parameters: parameters)
            : ValidationIssue(code: "invalid-cvv", parameters: parameters)
        return FieldCheck(issue: issue, isPotentiallyValid: potentially)
    }
}
