/// The card number rule: a length the network issues, the Luhn check digit (not for UnionPay), and
/// a network the merchant accepts.
public struct CardNumberRule: Hashable, Sendable {
    /// Networks the merchant accepts (`orderedAllowedCardNetworks`), as a bit per network: this
    /// runs on every keystroke, where building a `Set` would cost more than the rule.
    var allowedBits: UInt32

    public init(allowedNetworks: some Sequence<CardNetwork> = CardNetwork.defaultAllowed) {
        allowedBits = allowedNetworks.reduce(0) { $0 | $1.bit }
    }

    /// Whether the merchant accepts `network`.
    public func allows(_ network: CardNetwork) -> Bool { allowedBits & network.bit != 0 }

    /// Checks a card number (spaces and dashes ignored).
    ///
    /// - Parameters:
    ///   - binRecord: the BIN table's answer for this number, when there is one: its networks
    ///     replace the prefix rules'.
    ///   - shown: the network the form shows (the shopper's pick on a co-badged card); its lengths
    ///     apply when the merchant accepts it.
    /// - Potentially valid while more digits could still make it valid: a 16-digit Visa failing Luhn
    ///   is (Visa issues 19 digits), a 16-digit Mastercard failing Luhn is not. A number whose only
    ///   possible networks the merchant refuses is `unsupported-card-type` at once.
    public func check(
        _ value: String, binRecord: BINRecord? = nil, shown: CardNetwork? = nil, required: Bool = true
    ) -> FieldCheck {
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        for byte in value.utf8 where byte != 0x20 && byte != UInt8(ascii: "-") {
            guard (0x30...0x39).contains(byte), digits.count <= CardNumberFormatter.maxDigits else {
                return Self.invalid(potentially: false)
            }
            digits.append(byte)
        }
        return check(digits: digits, binRecord: binRecord, shown: shown, required: required)
    }

    /// Checks ASCII digits (the session's path: no separators left).
    func check(digits: [UInt8], binRecord: BINRecord?, shown: CardNetwork?, required: Bool) -> FieldCheck {
        check(digits: digits, possible: Self.possibleNetworks(digits, binRecord: binRecord), shown: shown, required: required)
    }

    /// The networks a number may belong to: the BIN data's, else the prefix rules' candidates,
    /// else `OTHER`.
    static func possibleNetworks(_ digits: [UInt8], binRecord: BINRecord?) -> [CardNetwork] {
        if let binRecord, !binRecord.networks.isEmpty { return binRecord.networks }
        let detection = CardNetwork.detect(PrefixValues(digits))
        return detection.candidates.isEmpty ? CardNetwork.other.alone : detection.candidates
    }

    /// Checks ASCII digits whose possible networks are already known (in any buffer: the session's
    /// are gathered on the stack).
    func check(digits: some BidirectionalCollection<UInt8>, possible: [CardNetwork], shown: CardNetwork?, required: Bool) -> FieldCheck {
        if digits.isEmpty { return required ? FieldCheck(issue: .required, isPotentiallyValid: true) : .valid }
        guard digits.count <= CardNumberFormatter.maxDigits else { return Self.invalid(potentially: false) }
        // The accepted networks are `possible.filter(allows)`, read in place: this runs on every
        // keystroke, where building the list would cost more than the rule.
        guard let first = possible.first(where: allows) else {
            return possible.count == 1 && possible[0] == .other ? Self.invalid(potentially: false) : Self.unsupported
        }
        let network = shown.flatMap { allows($0) && possible.contains($0) ? $0 : nil } ?? first
        let rules = network.rules
        let isIssuedLength = rules.lengths.contains(digits.count)
        if isIssuedLength, !rules.usesLuhn || Luhn.isValid(digits) { return .valid }
        var longest = 0
        for candidate in possible where allows(candidate) { longest = max(longest, candidate.rules.maxLength) }
        // Short of any length the network issues, the number is incomplete; at such a length a
        // failed check digit is a typo, shown as invalid even where a longer number could pass.
        if digits.count < longest, !isIssuedLength { return Self.incomplete }
        return Self.invalid(potentially: digits.count < longest)
    }

    static let unsupported = FieldCheck(issue: ValidationIssue(code: "unsupported-card-type"), isPotentiallyValid: false)

    /// A number that more digits may complete; Primer has no code for it, so its
    /// `invalid-card-number` is an alias (overrides and translations written for it still apply).
    static let incomplete = FieldCheck(
        issue: ValidationIssue(code: "incomplete-card-number", aliases: ["invalid-card-number"]), isPotentiallyValid: true)

    static func invalid(potentially: Bool) -> FieldCheck {
        FieldCheck(issue: ValidationIssue(code: "invalid-card-number"), isPotentiallyValid: potentially)
    }
}
