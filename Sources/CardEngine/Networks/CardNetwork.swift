/// A card scheme, named as Primer's `CardNetwork` (CONTRACT §2), plus a few schemes with published
/// ranges (Troy, Verve, RuPay) and `OTHER` for a number no known range claims.
public enum CardNetwork: String, CaseIterable, Sendable, Codable, Hashable {
    case visa = "VISA"
    case mastercard = "MASTERCARD"
    case amex = "AMEX"
    case discover = "DISCOVER"
    case dinersClub = "DINERS_CLUB"
    case jcb = "JCB"
    case unionPay = "UNIONPAY"
    case maestro = "MAESTRO"
    case elo = "ELO"
    case mir = "MIR"
    case hiper = "HIPER"
    case hipercard = "HIPERCARD"
    case cartesBancaires = "CARTES_BANCAIRES"
    case dankort = "DANKORT"
    case eftpos = "EFTPOS"
    case bancontact = "BANCONTACT"
    case troy = "TROY"
    case verve = "VERVE"
    case rupay = "RUPAY"
    case other = "OTHER"

    /// Every network a merchant accepts unless it says otherwise: all but `OTHER`, in this order.
    public static let defaultAllowed: [CardNetwork] = allCases.filter { $0 != .other }

    /// The brand's name as printed on cards and in the co-badge selector.
    public var displayName: String {
        switch self {
        case .visa: "Visa"
        case .mastercard: "Mastercard"
        case .amex: "American Express"
        case .discover: "Discover"
        case .dinersClub: "Diners Club"
        case .jcb: "JCB"
        case .unionPay: "UnionPay"
        case .maestro: "Maestro"
        case .elo: "Elo"
        case .mir: "Mir"
        case .hiper: "Hiper"
        case .hipercard: "Hipercard"
        case .cartesBancaires: "Cartes Bancaires"
        case .dankort: "Dankort"
        case .eftpos: "eftpos"
        case .bancontact: "Bancontact"
        case .troy: "Troy"
        case .verve: "Verve"
        case .rupay: "RuPay"
        case .other: "Card"
        }
    }

    /// The network's kebab-case name, for icon file names (`visa`, `cartes-bancaires`).
    public var kebabName: String { String(rawValue.lowercased().map { $0 == "_" ? "-" : $0 }) }
}

/// What the back of a card calls its security code and how many digits it has.
public struct SecurityCode: Hashable, Sendable {
    /// `CVV`, `CVC`, `CID`, `CVN`, `CVE`, `CVP2`.
    public var name: String
    /// Accepted lengths, ascending (one length for a known network; 3 or 4 when unknown).
    public var lengths: [Int]
    /// False where cards carry no code at all (Bancontact): an empty CVV is then accepted.
    public var isRequired: Bool

    /// The most digits the field accepts.
    public var maxLength: Int { lengths.last ?? 4 }

    public init(name: String, lengths: [Int], isRequired: Bool = true) {
        self.name = name
        self.lengths = lengths
        self.isRequired = isRequired
    }
}

/// How a network's numbers look: the lengths issued, where the groups break, the security code,
/// and whether the last digit is a Luhn check digit.
public struct NetworkRules: Hashable, Sendable {
    /// Lengths of the card number (digits) the network issues, ascending.
    public var lengths: [Int]
    /// Digit counts after which a space is shown for a number of at most `shortLength` digits…
    public var gaps: [Int]
    /// …and the gaps used past it, when the network groups long numbers differently (Diners 4-6-4
    /// for 14 digits, 4-4-4-4-3 beyond).
    public var longGaps: [Int]
    /// The longest number `gaps` applies to.
    public var shortLength: Int
    /// The code on the back of the card.
    public var securityCode: SecurityCode
    /// UnionPay issues numbers that fail Luhn, so its numbers are not Luhn-checked.
    public var usesLuhn: Bool

    /// The longest number the network issues.
    public var maxLength: Int { lengths.last ?? 19 }

    /// The gaps for a number of `count` digits.
    public func gaps(forLength count: Int) -> [Int] { count <= shortLength ? gaps : longGaps }
}

extension CardNetwork {
    /// Lengths, grouping, security code and Luhn use of the network's cards.
    ///
    /// Sources (facts only): the schemes' published numbering as collected in the Wikipedia article
    /// "Payment card number" (IIN ranges, lengths) and braintree/credit-card-type 10.3.0's brand
    /// table (lengths, gaps and code names; read as data in the peer vectors' facts file).
    public var rules: NetworkRules { Self.rulesTable[ordinal] }

    /// The most characters a number of this network shows, spaces included
    /// (`CardNumberFormatter.maxFormattedLength`): the card number's `maxlength`, which every
    /// render of its block reads, counted once per network rather than per render.
    public var maxFormattedLength: Int { Self.maxFormattedLengthTable[ordinal] }

    private static let maxFormattedLengthTable: [Int] = allCases.map { CardNumberFormatter.maxFormattedLength($0.rules) }

    /// The case's position in `allCases`, without a search: tables indexed by it stay O(1).
    var ordinal: Int {
        switch self {
        case .visa: 0
        case .mastercard: 1
        case .amex: 2
        case .discover: 3
        case .dinersClub: 4
        case .jcb: 5
        case .unionPay: 6
        case .maestro: 7
        case .elo: 8
        case .mir: 9
        case .hiper: 10
        case .hipercard: 11
        case .cartesBancaires: 12
        case .dankort: 13
        case .eftpos: 14
        case .bancontact: 15
        case .troy: 16
        case .verve: 17
        case .rupay: 18
        case .other: 19
        }
    }

    /// The one-element list `[self]`, shared rather than allocated: detection settles on one
    /// network on most keystrokes that change the BIN.
    var alone: [CardNetwork] { Self.aloneTable[ordinal] }

    private static let aloneTable: [[CardNetwork]] = allCases.map { [$0] }

    /// The network's bit in a 32-bit set.
    var bit: UInt32 { 1 << UInt32(ordinal) }

    /// Hashes the network's place (`ordinal`), not its name: an enum with raw values hashes its raw
    /// value by default, building and hashing a string on each `[CardNetwork: …]` look-up (the
    /// icons, once per render of the card number's block). Equal networks have equal places.
    public func hash(into hasher: inout Hasher) { hasher.combine(UInt8(truncatingIfNeeded: ordinal)) }

    private static let standardGaps = [4, 8, 12, 16]

    private static func rule(
        _ lengths: [Int], code: String, digits: Int = 3, gaps: [Int] = standardGaps, luhn: Bool = true,
        codeRequired: Bool = true
    ) -> NetworkRules {
        NetworkRules(
            lengths: lengths, gaps: gaps, longGaps: gaps, shortLength: 19,
            securityCode: SecurityCode(name: code, lengths: [digits], isRequired: codeRequired),
            usesLuhn: luhn)
    }

    private static let rulesTable: [NetworkRules] = allCases.map { network in
        switch network {
        case .visa: rule([16, 18, 19], code: "CVV")
        case .mastercard: rule([16], code: "CVC")
        case .amex: rule([15], code: "CID", digits: 4, gaps: [4, 10])
        case .discover: rule([16, 19], code: "CID")
        case .dinersClub:
            NetworkRules(
                lengths: [14, 16, 19], gaps: [4, 10], longGaps: standardGaps, shortLength: 14,
                securityCode: SecurityCode(name: "CVV", lengths: [3]), usesLuhn: true)
        case .jcb: rule([16, 17, 18, 19], code: "CVV")
        case .unionPay: rule(Array(14...19), code: "CVN", luhn: false)
        case .maestro: rule(Array(12...19), code: "CVC")
        case .elo: rule([16], code: "CVE")
        case .mir: rule([16, 17, 18, 19], code: "CVP2")
        case .hiper, .hipercard: rule([16], code: "CVC")
        case .cartesBancaires: rule([16], code: "CVV")
        case .dankort: rule([16], code: "CVV")
        case .eftpos: rule([16, 17, 18, 19], code: "CVV")
        // Bancontact cards carry no security code; Bancontact numbers run from 16 to 19 digits.
        case .bancontact: rule([16, 17, 18, 19], code: "CVC", codeRequired: false)
        case .troy, .rupay: rule([16], code: "CVV")
        case .verve: rule([16, 18, 19], code: "CVV")
        case .other:
            NetworkRules(
                lengths: Array(12...19), gaps: standardGaps, longGaps: standardGaps, shortLength: 19,
                securityCode: SecurityCode(name: "CVV", lengths: [3, 4]), usesLuhn: true)
        }
    }
}
