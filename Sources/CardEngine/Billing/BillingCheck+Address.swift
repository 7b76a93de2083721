extension BillingCheck {
    /// State: one of the country's subdivisions where it has a list (by code, key, name or latin
    /// name, ignoring case and accents); typed freely like a city name elsewhere.
    public static let subdivision = BillingCheck(parameters: .country) { value, rule, country in
        guard let country, country.hasSubdivisions else { return isPlaceName(value, maximum: rule.maximum) }
        if country.subdivision(matching: value) != nil { return .valid }
        let folded = Subdivision.fold(value)
        return .invalid(canBecomeValid: country.subdivisions.contains { $0.couldBeNamed(startingWith: folded) })
    }

    /// Postal code: the country's own format, matched against the whole value, in capitals where
    /// the country writes it so ("sw1a 1aa" is accepted: the form upper-cases it anyway). Without
    /// a country, a rule that fits every country's format: the rule's bounds (2–12) in letters,
    /// digits, spaces and hyphens, starting with a letter or digit.
    public static let postalCode = BillingCheck(parameters: postalCodeParameters) { value, rule, country in
        guard let country, let pattern = country.postalPattern else { return anyPostalCode(value, rule: rule) }
        let verdict = pattern.evaluate(country.isPostalUpperCase ? value.uppercased() : value)
        return verdict.matches ? .valid : .invalid(canBecomeValid: verdict.isViablePrefix)
    }

    /// Country: an ISO 3166-1 alpha-2 code the address data knows, in any case.
    public static let country = BillingCheck { value, _, _ in
        if Countries.country(value) != nil { return .valid }
        return .invalid(canBecomeValid: value.utf8.count < 2
            && value.allSatisfy { $0.isASCII && $0.isLetter }
            && Countries.hasCode(startingWith: value))
    }

    /// `{country}` and the country's typical code as `{example}`; the bounds without a country.
    private static let postalCodeParameters = Parameters { rule, country in
        guard let country else { return Parameters.bounds.values(rule, nil) }
        var parameters = ["country": country.code]
        if let example = country.postalCodeExamples.first { parameters["example"] = example }
        return parameters
    }

    private static func anyPostalCode(_ value: String, rule: BillingRule) -> Verdict {
        var length = 0
        var alphanumerics = 0
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "a")...UInt8(ascii: "z"):
                alphanumerics += 1
            case UInt8(ascii: " ") where length > 0, UInt8(ascii: "-") where length > 0:
                break
            default:
                return .invalid(canBecomeValid: false)
            }
            length += 1
            if length > rule.maximum { return .invalid(canBecomeValid: false) }
        }
        return alphanumerics >= rule.minimum ? .valid : .invalid(canBecomeValid: true)
    }
}
