extension BillingCheck {
    /// First and last names: letters of any script (with their combining marks), spaces, hyphens,
    /// apostrophes and periods ("Jean-Luc", "O'Brien", "J. R.", "Nguyễn", "李"); at least one letter.
    public static let personName = BillingCheck(parameters: .bounds) { value, rule, _ in
        var hasLetter = false
        for scalar in value.unicodeScalars {
            if isLetter(scalar) {
                hasLetter = true
            } else if !isNamePunctuation(scalar) {
                return .invalid(canBecomeValid: false)
            }
        }
        if value.count > rule.maximum { return .invalid(canBecomeValid: false) }
        // Punctuation alone ("-") could still be followed by letters.
        return hasLetter ? .valid : .invalid(canBecomeValid: true)
    }

    /// Address lines: any printable text, at least one letter or digit ("1 A" for line 1).
    public static let addressLine = BillingCheck(parameters: .boundsAboveZero) { value, rule, _ in
        var hasAlphanumeric = false
        for scalar in value.unicodeScalars {
            if isControl(scalar) { return .invalid(canBecomeValid: false) }
            if isLetter(scalar) || scalar.properties.numericType != nil { hasAlphanumeric = true }
        }
        let length = value.count
        if length > rule.maximum { return .invalid(canBecomeValid: false) }
        return hasAlphanumeric && length >= rule.minimum ? .valid : .invalid(canBecomeValid: true)
    }

    /// City: letters of any script, digits, spaces and the punctuation place names use
    /// ("Saint-Étienne", "St. John's", "Frankfurt (Oder)", "Washington, D.C.", "渋谷区"); at least
    /// one letter.
    public static let placeName = BillingCheck(parameters: .maximum) { value, rule, _ in
        isPlaceName(value, maximum: rule.maximum)
    }

    /// The place-name rule, which a state typed freely follows too.
    static func isPlaceName(_ value: String, maximum: Int) -> Verdict {
        var hasLetter = false
        for scalar in value.unicodeScalars {
            if isLetter(scalar) {
                hasLetter = true
            } else if !(isPlacePunctuation(scalar) || scalar.properties.numericType != nil) {
                return .invalid(canBecomeValid: false)
            }
        }
        if value.count > maximum { return .invalid(canBecomeValid: false) }
        return hasLetter ? .valid : .invalid(canBecomeValid: true)
    }

    /// A letter of any script, or a mark combining with one (accents, vowel signs).
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark:
            true
        default:
            false
        }
    }

    private static func isNamePunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        // Space and no-break space; hyphen-minus, hyphen, non-breaking hyphen; apostrophe, right
        // single quotation mark (what phones type), modifier letter apostrophe; full stop.
        case " ", "\u{A0}", "-", "\u{2010}", "\u{2011}", "'", "\u{2019}", "\u{2BC}", ".":
            true
        default:
            // Zero-width (non-)joiners shape Persian and Indic names.
            scalar == "\u{200C}" || scalar == "\u{200D}"
        }
    }

    private static func isPlacePunctuation(_ scalar: Unicode.Scalar) -> Bool {
        isNamePunctuation(scalar) || ",()/&".unicodeScalars.contains(scalar)
    }

    /// C0 and C1 control characters (Unicode category Cc): never part of an address.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
}
