/// The expiry date rule: month 1–12, not before the current month (`card-expired`), at most
/// `maxYearsAhead` years ahead (`invalid-expiry-date`).
public struct ExpiryRule: Hashable, Sendable {
    /// How far ahead a year may be; the issue asks for 20.
    public var maxYearsAhead: Int
    /// False for our `MM/YY` field (a two-digit year is complete). True to read free text the way
    /// braintree/card-validator does, where `20` may still grow into `2027`.
    public var acceptsFourDigitYears: Bool

    public init(maxYearsAhead: Int = 20, acceptsFourDigitYears: Bool = false) {
        self.maxYearsAhead = maxYearsAhead
        self.acceptsFourDigitYears = acceptsFourDigitYears
    }

    /// Checks `text` (`MM/YY` as formatted; also `M / YYYY`, `YYYY-MM`, `MM YY`, `MMYY`…).
    ///
    /// An empty value is `required` (potentially valid) when required, else valid.
    public func check(_ text: String, today: YearMonth, required: Bool = true) -> FieldCheck {
        if text.allSatisfy({ $0 == " " }) {
            return required ? FieldCheck(issue: .required, isPotentiallyValid: true) : .valid
        }
        // The formatted field's own shape (`MM/YY` and its beginnings) is read as numbers in one
        // pass; anything else goes through `split`, which builds the two parts as strings.
        let month: Month, year: Year
        if let parts = DigitRun.slashed(text) {
            month = Self.month(parts.month)
            year = self.year(parts.year, today: today)
        } else {
            guard let parts = split(text, today: today) else { return Self.invalid(potentially: false) }
            month = Self.month(DigitRun(parts.month))
            year = self.year(DigitRun(parts.year), today: today)
        }
        guard month.isPotentiallyValid else { return Self.invalid(potentially: false) }
        switch year {
        case .impossible(let isPast):
            return isPast ? Self.expired : Self.invalid(potentially: false)
        case .valid(let value):
            guard let monthValue = month.value else { return Self.incomplete }
            return YearMonth(year: value, month: monthValue) < today ? Self.expired : .valid
        case .incomplete:
            return Self.incomplete
        }
    }

    static let expired = FieldCheck(issue: ValidationIssue(code: "card-expired"), isPotentiallyValid: false)

    /// A date more digits may complete (`12/`, `1`); Primer's `invalid-expiry-date` is its alias.
    static let incomplete = FieldCheck(
        issue: ValidationIssue(code: "incomplete-expiry-date", aliases: ["invalid-expiry-date"]), isPotentiallyValid: true)

    static func invalid(potentially: Bool) -> FieldCheck {
        FieldCheck(issue: ValidationIssue(code: "invalid-expiry-date"), isPotentiallyValid: potentially)
    }

    /// Splits free text into its month and year digits, or nil when it cannot be a date at all.
    ///
    /// Digits alone are read month first: `0` starts a two-digit month, `2`–`9` a one-digit month,
    /// and `1` followed by `0`–`2` is month 1 only when the rest can still be a year (`127` is
    /// 1/27, `1227` is 12/27).
    public func split(_ text: String, today: YearMonth) -> (month: String, year: String)? {
        // Read as UTF-8 bytes: the separators and digits are ASCII, and a byte that is not one of
        // them makes its part no date whichever way it is cut. (This runs on every expiry keystroke.)
        let bytes = Array(text.utf8)
        let slash = UInt8(ascii: "/"), dash = UInt8(ascii: "-"), space = UInt8(ascii: " ")
        let isDigits: (ArraySlice<UInt8>) -> Bool = { $0.allSatisfy { (0x30...0x39).contains($0) } }
        let trim: (ArraySlice<UInt8>) -> ArraySlice<UInt8> = { part in
            guard let start = part.firstIndex(where: { $0 != space }), let end = part.lastIndex(where: { $0 != space })
            else { return [] }
            return part[start...end]
        }
        func pair(_ month: ArraySlice<UInt8>, _ year: ArraySlice<UInt8>) -> (month: String, year: String)? {
            guard isDigits(month), isDigits(year) else { return nil }
            return (String(decoding: month, as: UTF8.self), String(decoding: year, as: UTF8.self))
        }
        if bytes.contains(slash) {
            let parts = bytes.split(separator: slash, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return pair(trim(parts[0]), trim(parts[1]))
        }
        if bytes.contains(dash) {
            let parts = bytes.split(separator: dash, omittingEmptySubsequences: false).map(trim)
            guard parts.count == 2 else { return nil }
            return parts[0].count == 4 ? pair(parts[1], parts[0]) : pair(parts[0], parts[1])
        }
        if bytes.contains(space) {
            let parts = bytes.split(separator: space)
            guard parts.count <= 2 else { return nil }
            return pair(parts.first ?? [], parts.count > 1 ? parts[1] : [])
        }
        guard isDigits(bytes[...]) else { return nil }
        return splitDigits(bytes, today: today)
    }

    private func splitDigits(_ digits: [UInt8], today: YearMonth) -> (month: String, year: String) {
        let text = { (slice: ArraySlice<UInt8>) in String(decoding: slice, as: UTF8.self) }
        guard let first = digits.first else { return ("", "") }
        switch first {
        case UInt8(ascii: "0"):
            return (text(digits.prefix(2)), text(digits.dropFirst(2)))
        case UInt8(ascii: "1"):
            guard digits.count > 1, digits[1] <= UInt8(ascii: "2") else { return ("1", text(digits.dropFirst())) }
            let rest = text(digits.dropFirst())
            if case .impossible = ExpiryRule(maxYearsAhead: maxYearsAhead, acceptsFourDigitYears: true)
                .year(rest, today: today)
            {
                return (text(digits.prefix(2)), text(digits.dropFirst(2)))
            }
            return ("1", rest)
        default:
            return (text(digits.prefix(1)), text(digits.dropFirst()))
        }
    }

    private struct Month {
        var value: Int?
        var isPotentiallyValid: Bool
    }

    private static func month(_ text: DigitRun) -> Month {
        switch text.count {
        case 0: return Month(value: nil, isPotentiallyValid: true)
        case 1: return text.value == 0 ? Month(value: nil, isPotentiallyValid: true) : Month(value: text.value, isPotentiallyValid: true)
        case 2:
            let value = text.value
            return (1...12).contains(value) ? Month(value: value, isPotentiallyValid: true) : Month(value: nil, isPotentiallyValid: false)
        default: return Month(value: nil, isPotentiallyValid: false)
        }
    }

    enum Year {
        case valid(Int)
        case incomplete
        case impossible(isPast: Bool)
    }

    func year(_ text: String, today: YearMonth) -> Year { year(DigitRun(text), today: today) }

    private func year(_ text: DigitRun, today: YearMonth) -> Year {
        let window = today.year...(today.year + maxYearsAhead)
        let century = today.year / 100 * 100
        func full(_ value: Int) -> Year {
            window.contains(value) ? .valid(value) : .impossible(isPast: value < today.year)
        }
        switch text.count {
        case 0: return .incomplete
        case 1:
            if acceptsFourDigitYears { return .incomplete }
            // A one-digit year is potentially valid when some second digit lands in the window.
            let first = century + text.value * 10
            if first + 9 < window.lowerBound { return .impossible(isPast: true) }
            return first > window.upperBound ? .impossible(isPast: false) : .incomplete
        case 2:
            // "20" may still become 2027 when four-digit years are accepted.
            if acceptsFourDigitYears, text.spells(century / 100) { return .incomplete }
            return full(century + text.value)
        case 3 where acceptsFourDigitYears:
            return text.startsSpelling(century / 100) ? .incomplete : .impossible(isPast: false)
        case 4 where acceptsFourDigitYears:
            return full(text.value)
        default:
            return .impossible(isPast: false)
        }
    }
}

extension ValidationIssue {
    /// The value is empty and the field is required.
    public static let required = ValidationIssue(code: "required")
}
