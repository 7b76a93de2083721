import CardEngine
import Testing

@Suite struct NetworkDetectionTests {
    /// A typical number of each network, with its grouping as the form shows it.
    static let grouped: [(network: CardNetwork, number: String, formatted: String)] = [
        (.visa, "4242424242424242", "4242 4242 4242 4242"),
        (.visa, "4111111111111111003", "4111 1111 1111 1111 003"),
        (.mastercard, "5555555555554444", "5555 5555 5555 4444"),
        (.mastercard, "2223003122003222", "2223 0031 2200 3222"),
        (.amex, "378282246310005", "3782 822463 10005"),
        (.discover, "6011111111111117", "6011 1111 1111 1117"),
        (.dinersClub, "30569309025904", "3056 930902 5904"),
        (.dinersClub, "3852000002323700", "3852 0000 0232 3700"),
        (.jcb, "3566002020360505", "3566 0020 2036 0505"),
        (.unionPay, "6200000000000005", "6200 0000 0000 0005"),
        (.unionPay, "6212345678901234567", "6212 3456 7890 1234 567"),
        (.maestro, "6759649826438453", "6759 6498 2643 8453"),
        (.maestro, "500000000000061", "5000 0000 0000 061"),
        (.elo, "6363680000457790", "6363 6800 0045 7790"),
        (.mir, "2200000000000004", "2200 0000 0000 0004"),
        (.hiper, "6370950000000005", "6370 9500 0000 0005"),
        (.hipercard, "6062826786276634", "6062 8267 8627 6634"),
        (.dankort, "5019717010103742", "5019 7170 1010 3742"),
        (.bancontact, "67034200554565015", "6703 4200 5545 6501 5"),
        (.troy, "9792000000000001", "9792 0000 0000 0001"),
        (.verve, "5061000000000000", "5061 0000 0000 0000"),
        (.rupay, "6521500000000000", "6521 5000 0000 0000"),
        (.other, "9999999999999995", "9999 9999 9999 9995"),
    ]

    @Test(arguments: grouped.map { [$0.network.rawValue, $0.number, $0.formatted] })
    func aFullNumberIsDetectedAndGroupedByItsNetworksGaps(_ row: [String]) {
        let network = CardNetwork(rawValue: row[0])
        #expect(CardNetwork.detect(digits: row[1]).shown == network)
        let formatted = CardNumberFormatter.format(FieldEdit(previous: "", raw: row[1], caret: row[1].count))
        #expect(formatted.value == row[2])
        #expect(formatted.caret == row[2].count)
    }

    /// From the first digit on, a partial number already shows its most likely network.
    @Test(arguments: [
        ("4", CardNetwork.visa), ("5", .mastercard), ("2", .mastercard), ("22", .mastercard), ("220", .mir),
        ("3", .amex), ("30", .dinersClub), ("35", .jcb), ("37", .amex), ("6", .maestro), ("60", .discover),
        ("62", .unionPay), ("63", .maestro), ("65", .discover), ("50", .maestro), ("1", .jcb), ("9", .troy),
        ("40117", .visa), ("401178", .elo), ("5019", .maestro), ("501971", .dankort), ("670300", .bancontact),
        ("506099", .verve), ("508500", .rupay), ("652150", .rupay), ("650052", .troy),
    ])
    func aPartialNumberShowsItsLikelyNetwork(_ digits: String, _ network: CardNetwork) {
        #expect(CardNetwork.detect(digits: digits).shown == network)
    }

    @Test(arguments: ["0", "7", "80", "123", "306", "2721"])
    func aNumberNoRangeClaimsIsOther(_ digits: String) {
        let detection = CardNetwork.detect(digits: digits)
        #expect(detection.candidates.isEmpty)
        #expect(detection.isSettled)
        #expect(detection.shown == .other)
    }

    @Test func nothingIsDetectedBeforeTheFirstDigit() {
        #expect(CardNetwork.detect(digits: "").shown == nil)
    }

    /// Longest matching prefix wins; between equally long prefixes the narrower range does.
    @Test(arguments: [
        ("4011780000000000", CardNetwork.elo, "Elo's 401178 beats Visa's 4"),
        ("6500520000000000", .troy, "Troy's 650052 beats Discover's 65"),
        ("6511000000000000", .discover, "Discover's 65 beats Maestro's 6"),
        ("5061000000000000", .verve, "Verve's 506099–506127 is narrower than Maestro's 504176–506698"),
        ("5019000000000000", .dankort, "Dankort's 501900–501999 is narrower than Maestro's 500000–504174"),
        ("6703000000000000", .bancontact, "Bancontact's 670300–670399 beats Maestro's 67"),
    ])
    func theLongestAndNarrowestPrefixWins(_ number: String, _ network: CardNetwork, _ why: String) {
        #expect(CardNetwork.detect(digits: number).candidates == [network], "\(why)")
    }

    @Test(arguments: CardNetwork.allCases)
    func everyNetworkHasLengthsGapsAndASecurityCode(_ network: CardNetwork) {
        let rules = network.rules
        #expect(!rules.lengths.isEmpty && rules.lengths == rules.lengths.sorted())
        #expect(rules.lengths.allSatisfy { (12...19).contains($0) })
        #expect(rules.securityCode.lengths.allSatisfy { (3...4).contains($0) })
        #expect(["CVV", "CVC", "CID", "CVN", "CVE", "CVP2"].contains(rules.securityCode.name))
        #expect(!network.displayName.isEmpty)
    }

    @Test func amexHasAFourDigitCIDAndEveryoneElseThreeDigits() {
        for network in CardNetwork.allCases where network != .other {
            #expect(network.rules.securityCode.lengths == [network == .amex ? 4 : 3])
        }
        #expect(CardNetwork.other.rules.securityCode.lengths == [3, 4])
    }

    @Test(arguments: TestCards.singleNetwork)
    func everySingleNetworkTestCardIsDetected(_ card: TestCards.Card) {
        #expect(CardNetwork.detect(digits: card.number).shown == card.networks.first)
        #expect(Luhn.isValid(card.number))
    }

    @Test(arguments: [("4242424242424242", true), ("4242424242424241", false), ("0", true), ("", false), ("79927398713", true)])
    func luhnChecksTheLastDigit(_ digits: String, _ valid: Bool) {
        #expect(Luhn.isValid(digits) == valid)
    }
}
