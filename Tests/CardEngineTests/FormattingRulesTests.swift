import CardEngine
import Testing

/// `FormattingRules`: the engine's formatting tables as the page script reads them.
@Suite struct FormattingRulesTests {
    private let document = FormattingRules.document(iconURLs: [.visa: "/assets/visa.1234.svg"])

    private var networks: [JSONObject] {
        document.objectValue?["cardNumber"]?.objectValue?["networks"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    private func integers(_ value: JSONValue?) -> [Int] { value?.arrayValue?.compactMap(\.intValue) ?? [] }

    @Test("every network once, OTHER last, each with the engine's lengths, gaps and security code")
    func everyNetworkWithItsRules() throws {
        #expect(networks.compactMap { $0["id"]?.stringValue }.sorted() == CardNetwork.allCases.map(\.rawValue).sorted())
        #expect(networks.last?["id"]?.stringValue == "OTHER")
        for object in networks {
            let network = try #require(object["id"]?.stringValue.flatMap(CardNetwork.init(rawValue:)))
            let rules = network.rules
            #expect(integers(object["lengths"]) == rules.lengths)
            #expect(integers(object["gaps"]) == rules.gaps)
            #expect(integers(object["longGaps"] ?? object["gaps"]) == rules.longGaps)
            #expect(object["shortLength"]?.intValue ?? CardNumberFormatter.maxDigits == rules.shortLength)
            #expect(integers(object["securityCode"]) == rules.securityCode.lengths)
            #expect(object["name"]?.stringValue == network.displayName)
        }
    }

    @Test("networks with prefix ranges come first, Visa first; those only a BIN table tells have none")
    func rangedNetworksFirst() {
        let hasRanges = { (object: JSONObject) in object["ranges"]?.stringValue?.isEmpty == false }
        let ranged = networks.prefix(while: hasRanges).compactMap { $0["id"]?.stringValue }
        #expect(ranged.first == "VISA")
        #expect(ranged.count == networks.filter(hasRanges).count)
        for id in ["CARTES_BANCAIRES", "EFTPOS", "OTHER"] {
            #expect(!ranged.contains(id))
        }
        let amex = networks.first { $0["id"]?.stringValue == "AMEX" }
        #expect(amex?["ranges"]?.stringValue == "34 37")
        let diners = networks.first { $0["id"]?.stringValue == "DINERS_CLUB" }
        #expect(diners?["ranges"]?.stringValue == "300-305 36 38 39")
        #expect(integers(diners?["longGaps"]) == [4, 8, 12, 16] && diners?["shortLength"]?.intValue == 14)
    }

    @Test("separators are the field table's; the name has no rules here, since the page only capitalises it")
    func separatorsFromTheFieldTable() {
        let rules = document.objectValue
        #expect(rules?["cardNumber"]?.objectValue?["separator"]?.stringValue == FieldType.cardNumber.spec.separators)
        #expect(rules?["expiryDate"]?.objectValue?["separator"]?.stringValue == FieldType.expiryDate.spec.separators)
        #expect(rules?.keys.sorted() == ["cardNumber", "expiryDate"])
    }

    @Test("icons are added where given; the JSON can sit in an HTML attribute or script")
    func iconsAndSafeText() {
        #expect(networks.first?["icon"]?.stringValue == "/assets/visa.1234.svg")
        #expect(networks.dropFirst().allSatisfy { $0["icon"] == nil })
        let text = FormattingRules.json()
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
        #expect(throws: Never.self) { try JSONValue.parse(text) }
    }
}
