/// Which cardholder name rules a session applies (`cardholderName.rules`, CONTRACT §8).
public enum CardholderNameRules: String, CaseIterable, Sendable, Hashable, Codable {
    /// Real names: letters of any script (with their combining marks), spaces, hyphens,
    /// apostrophes (`'` and `’`) and periods; at least two letters ("Wu", "Dr. Jane Doe", "王小明").
    case `default`
    /// PXP's cardholder-name component: at least three characters, letters of any script, spaces,
    /// hyphens and apostrophes only (no periods).
    case pxp
}

/// The cardholder name rule: HN01 empty, HN02 too short, HN03 a character no name holds, HN04
/// over `maxLength` characters, each with its own code (CONTRACT §8) and PXP's id as an alias for
/// message overrides.
public enum CardholderNameRule {
    /// More characters is HN04 (both rule sets).
    public static let maxLength = 100

    /// Checks a name (leading and trailing spaces ignored) under `rules`.
    ///
    /// Characters are judged before length: a digit can never become a letter, so HN03 shows while
    /// typing, while a name still too short may yet grow (HN02 is potentially valid).
    public static func check(_ value: String, required: Bool = true, rules: CardholderNameRules = .default) -> FieldCheck {
        let name = value.trimming(" ")
        if name.isEmpty { return required ? FieldCheck(issue: Issues.required, isPotentiallyValid: true) : .valid }
        var letters = 0
        for scalar in name.unicodeScalars {
            switch kind(of: scalar) {
            case .letter: letters += 1
            case .mark: break
            case .period where rules == .pxp, .other: return FieldCheck(issue: Issues.invalidCharacters(rules), isPotentiallyValid: false)
            case .separator, .period: break
            }
        }
        let (length, minimum) = rules == .pxp ? (name.count, 3) : (letters, 2)
        if length < minimum {
            return FieldCheck(issue: Issues.tooShort(rules, minimum: minimum), isPotentiallyValid: true)
        }
        if name.count > maxLength { return FieldCheck(issue: Issues.tooLong(rules), isPotentiallyValid: false) }
        return .valid
    }

    private enum Kind { case letter, mark, separator, period, other }

    /// Sorts one Unicode scalar: letters (`L*`, any script), combining marks (`M*`: the accents of
    /// a decomposed "é", Indic vowel signs), the zero-width joiners some scripts write names with,
    /// the separators every rule set allows, periods, and everything else.
    private static func kind(of scalar: Unicode.Scalar) -> Kind {
        switch scalar {
        case " ", "-", "'", "\u{2019}", "\u{200C}", "\u{200D}": return .separator
        case ".": return .period
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        default: return .other
        }
    }

    /// The issues, built once: codes from CONTRACT §8, PXP's id then Primer's broader code as
    /// aliases; under `pxp` the messages say PXP's rules (`error.cardholderName.HN02`…).
    private enum Issues {
        static let required = ValidationIssue(code: "cardholder-name-required", aliases: ["HN01", "required"])

        static func invalidCharacters(_ rules: CardholderNameRules) -> ValidationIssue {
            rules == .pxp ? pxpInvalidCharacters : defaultInvalidCharacters
        }

        static func tooShort(_ rules: CardholderNameRules, minimum: Int) -> ValidationIssue {
            issue("cardholder-name-too-short", "HN02", rules, parameters: ["min": String(minimum)])
        }

        static func tooLong(_ rules: CardholderNameRules) -> ValidationIssue {
            issue("cardholder-name-too-long", "HN04", rules, parameters: ["max": String(maxLength)])
        }

        private static let defaultInvalidCharacters = issue("cardholder-name-invalid-characters", "HN03", .default)
        private static let pxpInvalidCharacters = issue("cardholder-name-invalid-characters", "HN03", .pxp)

        private static func issue(
            _ code: String, _ pxpCode: String, _ rules: CardholderNameRules, parameters: [String: String] = [:]
        ) -> ValidationIssue {
            ValidationIssue(
                code: code, aliases: [pxpCode, "invalid-cardholder-name"],
                messageKey: rules == .pxp ? "error.cardholderName.\(pxpCode)" : nil, parameters: parameters)
        }
    }
}

extension String {
    /// The string without leading and trailing `character`s.
    func trimming(_ character: Character) -> String {
        guard let start = firstIndex(where: { $0 != character }), let end = lastIndex(where: { $0 != character })
        else { return "" }
        return String(self[start...end])
    }
}
