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
        if let verdict = value.utf8.withContiguousStorageIfAvailable({ checkASCII($0, required: required, rules: rules) }),
            let verdict
        {
            return verdict
        }
        return checkScalars(value, required: required, rules: rules)
    }

    /// `check` for any name, scalar by scalar (internal for the test that holds the byte path to it).
    static func checkScalars(_ value: String, required: Bool, rules: CardholderNameRules) -> FieldCheck {
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
            return FieldCheck(issue: Issues.tooShort(rules), isPotentiallyValid: true)
        }
        if name.count > maxLength { return FieldCheck(issue: Issues.tooLong(rules), isPotentiallyValid: false) }
        return .valid
    }

    /// `check` on the bytes of a name, nil once it meets a byte that is not ASCII (that name takes
    /// the scalar path). Every keystroke in the name field checks it, and Unicode categories,
    /// trimming into a new string and counting Characters cost ~3 k instructions a call; for ASCII
    /// they are the byte tests below. A carriage return (the one ASCII pair counted as one
    /// Character) is `.other`, so where a length is read, bytes and Characters agree.
    private static func checkASCII(_ bytes: UnsafeBufferPointer<UInt8>, required: Bool, rules: CardholderNameRules) -> FieldCheck? {
        let space = UInt8(ascii: " ")
        guard let first = bytes.firstIndex(where: { $0 != space }), let last = bytes.lastIndex(where: { $0 != space }) else {
            return required ? FieldCheck(issue: Issues.required, isPotentiallyValid: true) : .valid
        }
        var letters = 0
        for byte in bytes[first...last] {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): letters += 1
            case space, UInt8(ascii: "-"), UInt8(ascii: "'"): break
            case UInt8(ascii: ".") where rules != .pxp: break
            case 0x80...: return nil
            default: return FieldCheck(issue: Issues.invalidCharacters(rules), isPotentiallyValid: false)
            }
        }
        let count = last - first + 1
        let (length, minimum) = rules == .pxp ? (count, 3) : (letters, 2)
        if length < minimum { return FieldCheck(issue: Issues.tooShort(rules), isPotentiallyValid: true) }
        if count > maxLength { return FieldCheck(issue: Issues.tooLong(rules), isPotentiallyValid: false) }
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

        /// HN02 with the rule set's minimum (2 letters, or 3 characters under `pxp`).
        static func tooShort(_ rules: CardholderNameRules) -> ValidationIssue {
            rules == .pxp ? pxpTooShort : defaultTooShort
        }

        static func tooLong(_ rules: CardholderNameRules) -> ValidationIssue {
            rules == .pxp ? pxpTooLong : defaultTooLong
        }

        // Built once: a short name shows HN02 on every keystroke until it is long enough.
        private static let defaultTooShort = issue("cardholder-name-too-short", "HN02", .default, parameters: ["min": "2"])
        private static let pxpTooShort = issue("cardholder-name-too-short", "HN02", .pxp, parameters: ["min": "3"])
        private static let defaultTooLong = issue("cardholder-name-too-long", "HN04", .default, parameters: ["max": String(maxLength)])
        private static let pxpTooLong = issue("cardholder-name-too-long", "HN04", .pxp, parameters: ["max": String(maxLength)])
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
