extension BillingRules {
    /// The bounds a billing field is checked against, in characters (digits for the phone number).
    ///
    /// Why these numbers: 100 characters for names, address lines, city and state is what card
    /// processors' billing APIs commonly accept and what PXP uses for the cardholder name, so a
    /// value we accept is not cut short downstream; the shortest real values are one letter (the
    /// Norwegian village "Å", the family name "O"). 254 for an email is SMTP's limit on an address
    /// in a path (RFC 5321). 7–15 digits: the shortest national numbers still in use, and E.164's
    /// maximum. Address line 1 needs 3 ("1 A"). Postal code: 2–12 is the rule without a country
    /// (no country's format is longer than 11); with one, its own format decides.
    public static func lengthBounds(of field: FieldType) -> ClosedRange<Int>? {
        Rule(field).map { $0.minimum...$0.maximum }
    }

    struct Rule {
        let field: FieldType
        let code: String
        let minimum: Int
        let maximum: Int
        /// Longer raw input (UTF-8 bytes) is rejected before any per-character work. Generous:
        /// 16 bytes per allowed character covers letters with several combining marks.
        let byteLimit: Int

        init?(_ field: FieldType) {
            self.field = field
            switch field {
            case .firstName: (code, minimum, maximum) = ("invalid-first-name", 1, 100)
            case .lastName: (code, minimum, maximum) = ("invalid-last-name", 1, 100)
            case .email: (code, minimum, maximum) = ("invalid-email", 3, 254)
            case .phoneNumber: (code, minimum, maximum) = ("invalid-phone-number", 7, 15)
            case .addressLine1: (code, minimum, maximum) = ("invalid-address-line1", 3, 100)
            case .addressLine2: (code, minimum, maximum) = ("invalid-address-line2", 0, 100)
            case .city: (code, minimum, maximum) = ("invalid-city", 1, 100)
            case .state: (code, minimum, maximum) = ("invalid-state", 1, 100)
            case .postalCode: (code, minimum, maximum) = ("invalid-postal-code", 2, 12)
            case .countryCode: (code, minimum, maximum) = ("invalid-country", 2, 2)
            case .cardNumber, .expiryDate, .cvv, .cardholderName: return nil
            }
            byteLimit = switch field {
            // ASCII-only values: room for the characters plus surrounding whitespace.
            case .email: maximum + 64
            case .phoneNumber, .postalCode, .countryCode: 64
            default: maximum * 16
            }
        }

        /// Whether the country makes the field required whatever the merchant says.
        func isRequired(by country: Country?) -> Bool {
            guard let country else { return false }
            return switch field {
            case .city: country.requiresCity
            case .state: country.requiresState
            case .postalCode: country.requiresPostalCode
            default: false
            }
        }

        /// The issue with the parameters a message may interpolate.
        func issue(country: Country?) -> ValidationIssue {
            var parameters: [String: String] = [:]
            switch field {
            case .firstName, .lastName, .addressLine1, .phoneNumber:
                parameters = ["min": String(minimum), "max": String(maximum)]
            case .email, .addressLine2, .city:
                parameters = ["max": String(maximum)]
            case .state:
                if let country { parameters["country"] = country.code }
            case .postalCode:
                if let country {
                    parameters["country"] = country.code
                    if let example = country.postalCodeExamples.first { parameters["example"] = example }
                } else {
                    parameters = ["min": String(minimum), "max": String(maximum)]
                }
            default:
                break
            }
            return ValidationIssue(code: code, parameters: parameters)
        }

        func invalid(country: Country? = nil, canBecomeValid: Bool) -> Outcome {
            .invalid(issue(country: country), canBecomeValid: canBecomeValid)
        }
    }
}
