extension CardNetwork {
    /// Each network's issuer-number prefix ranges, networks in display priority order.
    ///
    /// Sources (facts only, no code): the schemes' published IIN ranges as listed in the Wikipedia
    /// article "Payment card number" (2025) and in braintree/credit-card-type 10.3.0's brand table
    /// (the peer vectors' `card-types-facts.json`): Visa 4; Mastercard 51–55 and 2221–2720; Amex 34,
    /// 37; Discover 6011, 644–649, 65; Diners 300–305, 36, 38, 39; JCB 3528–3589 (and the legacy 1800,
    /// 2131); UnionPay 62, 81 ranges; Mir 2200–2204; Maestro 50, 56–59, 6x ranges; Elo, Hiper,
    /// Hipercard, Troy and Verve's BIN lists; RuPay 508500–508999, 606985–607984, 608001–608500,
    /// 652150–653149; Dankort 5019; Bancontact 6703.
    ///
    /// Cartes Bancaires and eftpos issue inside Visa and Mastercard ranges, so they have no prefix
    /// rule: only the BIN table (`BINLookup`) can tell them apart.
    static let prefixTable: [(network: CardNetwork, ranges: [PrefixRange])] = [
        (.visa, [.init(4)]),
        (.mastercard, [.init(51, 55), .init(2221, 2229), .init(223, 229), .init(23, 26), .init(270, 271), .init(2720)]),
        (.amex, [.init(34), .init(37)]),
        (.discover, [.init(6011), .init(644, 649), .init(65)]),
        (.dinersClub, [.init(300, 305), .init(36), .init(38), .init(39)]),
        (.jcb, [.init(2131), .init(1800), .init(3528, 3589)]),
        (.unionPay, unionPayRanges),
        (.maestro, [
            .init(493698), .init(500000, 504174), .init(504176, 506698), .init(506779, 508999),
            .init(56, 59), .init(63), .init(67), .init(6),
        ]),
        (.elo, eloRanges),
        (.mir, [.init(2200, 2204)]),
        (.hiper, [.init(637095), .init(63737423), .init(63743358), .init(637568), .init(637599), .init(637609), .init(637612)]),
        (.hipercard, [.init(606282)]),
        (.troy, troyRanges),
        (.verve, verveRanges),
        (.rupay, [.init(508500, 508999), .init(606985, 607984), .init(608001, 608500), .init(652150, 653149)]),
        (.dankort, [.init(501900, 501999)]),
        (.bancontact, [.init(670300, 670399)]),
    ]

    private static let unionPayRanges: [PrefixRange] = [
        .init(620), .init(62100, 62182), .init(62184, 62187), .init(62185, 62197), .init(62200, 62205),
        .init(622010, 622999), .init(622018), .init(62207, 62209), .init(623, 626), .init(6270), .init(6272),
        .init(6276), .init(627700, 627779), .init(627781, 627799), .init(6282, 6289), .init(6291), .init(6292),
        .init(810), .init(8110, 8131), .init(8132, 8151), .init(8152, 8163), .init(8164, 8171),
    ]

    private static let eloRanges: [PrefixRange] = [
        .init(401178), .init(401179), .init(438935), .init(457631), .init(457632), .init(431274), .init(451416),
        .init(457393), .init(504175), .init(506699, 506778), .init(509000, 509999), .init(627780), .init(636297),
        .init(636368), .init(650031, 650033), .init(650035, 650051), .init(650405, 650439), .init(650485, 650538),
        .init(650541, 650598), .init(650700, 650718), .init(650720, 650727), .init(650901, 650978),
        .init(651652, 651679), .init(655000, 655019), .init(655021, 655058),
    ]

    private static let verveRanges: [PrefixRange] = [
        .init(506099, 506127), .init(506129), .init(506133, 506150), .init(506158, 506163), .init(506166),
        .init(506168), .init(506170), .init(506173), .init(506176, 506180), .init(506184), .init(506187, 506188),
        .init(506191), .init(506195), .init(506197), .init(507865), .init(507866), .init(507868, 507877),
        .init(507880, 507888), .init(507900), .init(507941),
    ]

    private static let troyRanges: [PrefixRange] = [
        .init(9792), .init(650052), .init(650082, 650083), .init(650092), .init(650161), .init(650170),
        .init(650173), .init(650175), .init(650268), .init(650271), .init(650273, 650274), .init(650456, 650457),
        .init(650836), .init(650846, 650850), .init(650923), .init(650987), .init(650990), .init(654997),
        .init(657366), .init(657998), .init(658758), .init(658767, 658768), .init(65083700, 65083704),
        .init(65085800, 65085804), .init(65085900, 65085901), .init(65086000), .init(65086100, 65086105),
        .init(65086200, 65086203), .init(65875000, 65875003), .init(65875009), .init(65875101, 65875104),
        .init(65875200), .init(65875501), .init(65875601), .init(65875900), .init(65876000, 65876002),
        .init(65876100, 65876103), .init(65876110), .init(65876115, 65876116), .init(65876200, 65876201),
        .init(65876500), .init(65876504, 65876505), .init(65876600, 65876602), .init(65877100, 65877101),
        .init(65877600, 65877602), .init(65877700), .init(65877801, 65877802), .init(65878200, 65878202),
        .init(65878300, 65878311), .init(65878400, 65878405), .init(65878500, 65878505),
        .init(65878600, 65878601), .init(65879800), .init(65880800), .init(65880900),
    ]
}
