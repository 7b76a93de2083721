extension TemplateValue {
    /// The text an interpolation tag prints for this value, before any escaping.
    ///
    /// `null` prints nothing; numbers print like JavaScript would (`85`, `1.21`, never `85.0`);
    /// lists and objects print nothing, since no single text stands for them.
    public var interpolationText: String {
        switch self {
        case .null, .list, .object: ""
        case .bool(let value): value ? "true" : "false"
        case .number(let value): Self.format(value)
        case .string(let value): value
        }
    }

    /// Integral values print without a fraction; others in Swift's shortest round-trip form, with
    /// the exponent written as JavaScript writes it (`1e-7`, not `1e-07`).
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(.towardZero), abs(value) < 1e18 {
            return String(Int64(value))
        }
        let text = value.description
        guard let exponent = text.firstIndex(of: "e") else { return text }
        let mantissa = text[..<exponent]
        var digits = text[text.index(after: exponent)...]
        var sign = "+"
        if let first = digits.first, first == "-" || first == "+" {
            sign = String(first)
            digits = digits.dropFirst()
        }
        let trimmed = digits.drop(while: { $0 == "0" })
        return mantissa + "e" + sign + (trimmed.isEmpty ? "0" : trimmed)
    }
}
