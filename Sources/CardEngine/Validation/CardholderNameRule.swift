/// The cardholder name rule, as PXP's component: HN01 required, HN02 fewer than 3 characters, HN03
/// anything but letters of any script, spaces, hyphens and apostrophes, HN04 more than 100.
public enum CardholderNameRule {
    /// Fewer characters is HN02.
    public static let minLength = 3
    /// More characters is HN04.
    public static let maxLength = 100

    /// Checks a name (leading and trailing spaces ignored); issues carry PXP's code as `alias`.
    public static func check(_ value: String, required: Bool = true) -> FieldCheck {
        let name = value.trimming(" ")
        if name.isEmpty {
            return required ? FieldCheck(issue: issue("HN01", code: "required"), isPotentiallyValid: true) : .valid
        }
        guard name.allSatisfy(isAllowed) else { return FieldCheck(issue: issue("HN03"), isPotentiallyValid: false) }
        let count = name.count
        if count < minLength {
            return FieldCheck(issue: issue("HN02", parameters: ["min": String(minLength)]), isPotentiallyValid: true)
        }
        if count > maxLength {
            return FieldCheck(issue: issue("HN04", parameters: ["max": String(maxLength)]), isPotentiallyValid: false)
        }
        return .valid
    }

    private static func isAllowed(_ character: Character) -> Bool {
        character.isLetter || character == " " || character == "-" || character == "'" || character == "’"
    }

    private static func issue(
        _ alias: String, code: String = "invalid-cardholder-name", parameters: [String: String] = [:]
    ) -> ValidationIssue {
        ValidationIssue(code: code, alias: alias, parameters: parameters)
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
