extension BillingRules {
    /// State: one of the country's subdivisions where it has a list (by code, key, name or latin
    /// name, ignoring case and accents); typed freely like a city name elsewhere.
    static func checkState(_ value: String, rule: BillingRule, country: Country?) -> Outcome {
        guard let country, country.hasSubdivisions else {
            return checkPlaceName(value, rule: rule, country: country)
        }
        if country.subdivision(matching: value) != nil { return .valid }
        let folded = Subdivision.fold(value)
        let canBecomeValid = country.subdivisions.contains { $0.couldBeNamed(startingWith: folded) }
        return rule.invalid(country: country, canBecomeValid: canBecomeValid)
    }

    /// Postal code: the country's own format, matched against the whole value, in capitals where
    /// the country writes it so ("sw1a 1aa" is accepted: the form upper-cases it anyway). Without
    /// a country, a rule that fits every country's format: 2–12 letters, digits, spaces and
    /// hyphens, starting with a letter or digit.
    static func checkPostalCode(_ value: String, rule: BillingRule, country: Country?) -> Outcome {
        guard let country, let pattern = country.postalPattern else {
            return checkAnyPostalCode(value, rule: rule)
        }
        let verdict = pattern.evaluate(country.isPostalUpperCase ? value.uppercased() : value)
        return verdict.matches ? .valid : rule.invalid(country: country, canBecomeValid: verdict.isViablePrefix)
    }

    private static func checkAnyPostalCode(_ value: String, rule: BillingRule) -> Outcome {
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
                return rule.invalid(canBecomeValid: false)
            }
            length += 1
            if length > rule.maximum { return rule.invalid(canBecomeValid: false) }
        }
        return alphanumerics >= rule.minimum ? .valid : rule.invalid(canBecomeValid: true)
    }

    /// Country: an ISO 3166-1 alpha-2 code the address data knows, in any case.
    static func checkCountry(_ value: String, rule: BillingRule) -> Outcome {
        if Countries.country(value) != nil { return .valid }
        let canBecomeValid = value.utf8.count < 2
            && value.allSatisfy { $0.isASCII && $0.isLetter }
            && Countries.hasCode(startingWith: value)
        return rule.invalid(canBecomeValid: canBecomeValid)
    }
}
