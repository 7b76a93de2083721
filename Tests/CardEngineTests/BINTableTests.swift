import CardEngine
import Foundation
import Testing

@Suite struct BINTableTests {
    @Test(arguments: TestCards.coBadged)
    func theBuiltInTableKnowsEveryCoBadgedTestCard(_ card: TestCards.Card) throws {
        let record = try #require(BINTable.default.record(forNumber: String(card.number.prefix(8))))
        #expect(Set(record.networks) == Set(card.networks))
        #expect(record.networks.count == 2)
    }

    @Test func theCoBadgedSectionOfTestCardsIsRead() {
        #expect(TestCards.coBadged.count == 8)
    }

    /// peer-vectors/cobadge.json's labels, in our network names. Deliberate deviations:
    /// - US PIN-debit networks (Accel, Star, Maestro USA, Pulse, NYCE) are not networks a card form
    ///   offers: those cards show their international brand only.
    /// - Where the label names only a local scheme (Cartes Bancaires, eftpos) but the number sits in
    ///   Visa's range, Visa is on the card too.
    /// - Labels contradicting the number's range: "Mastercard / eftpos" on a 4-number is Visa +
    ///   eftpos; "JCB / Mastercard" on 3566 is JCB (no Mastercard range holds it).
    static let cobadgeExpectations: [String: [CardNetwork]] = [
        "4360000001000005": [.cartesBancaires, .visa],
        "4150580996517927": [.cartesBancaires, .visa],
        "401795000000000009": [.eftpos, .visa],
        "4687380100010006": [.visa, .eftpos],
        "4400002000000004": [.visa],
        "4000033003300335": [.visa],
        "5002510000000013": [.mastercard],
        "5413330033003303": [.mastercard],
        "6011609900000003": [.discover],
        "6445645000000002": [.discover],
        "3566111111111113": [.jcb],
    ]

    static let peerNames: [String: CardNetwork] = [
        "cartes_bancaires": .cartesBancaires, "eftpos_au": .eftpos, "bancontact": .bancontact, "dankort": .dankort,
        "visa": .visa, "mastercard": .mastercard, "maestro": .maestro, "discover": .discover, "jcb": .jcb,
    ]

    static let cobadgeVectors: [JSONObject] = {
        guard let data = SharedData.data("peer-vectors/cobadge.json") else { return [] }
        return (try? JSONValue.parse(Array(data)))?.arrayValue?.compactMap(\.objectValue) ?? []
    }()

    @Test(arguments: cobadgeVectors)
    func theBuiltInTableKnowsEveryPublishedCoBadgedCard(_ vector: JSONObject) throws {
        let number = try #require(vector["number"]?.stringValue)
        let labelled = (vector["networks"]?.arrayValue ?? []).compactMap { $0.stringValue.flatMap { Self.peerNames[$0] } }
        let expected = Self.cobadgeExpectations[number] ?? labelled
        let record = try #require(BINTable.default.record(forNumber: String(number.prefix(8))))
        #expect(record.networks == expected, "\(number)")
    }

    @Test func theCobadgeVectorsAreRead() {
        #expect(Self.cobadgeVectors.count == 23)
    }

    @Test func theLongestKnownBINWins() throws {
        let table = try BINTable(csv: """
            bin,networks,issuerCountry,fundingType
            403550,VISA,FR,
            40355014,VISA|CARTES_BANCAIRES,FR,debit
            """)
        #expect(table.record(forNumber: "40355014")?.networks == [.visa, .cartesBancaires])
        #expect(table.record(forNumber: "40355010")?.networks == [.visa])
        #expect(table.record(forNumber: "40355")?.networks == nil)
        #expect(table.record(forNumber: "40355014")?.fundingType == .debit)
        #expect(table.record(forNumber: "4035501")?.issuerCountry == "FR")
    }

    @Test func anOperatorsTableOverlaysTheBuiltInOne() throws {
        let own = try BINTable(csv: "# ours\nbin,networks,issuerCountry,fundingType\n\n40000025,VISA,FR,credit\r\n")
        let table = BINTable.default.overlaid(by: own)
        #expect(table.record(forNumber: "40000025")?.networks == [.visa])
        #expect(table.record(forNumber: "45710000")?.networks == [.visa, .dankort])
        #expect(table.count == BINTable.default.count)
    }

    @Test(arguments: [
        ("40000025,VISA,FR,", "missing-header", 1),
        ("bin,networks,issuerCountry,fundingType\n4000,VISA,,", "bad-bin", 2),
        ("bin,networks,issuerCountry,fundingType\n4000002a,VISA,,", "bad-bin", 2),
        ("bin,networks,issuerCountry,fundingType\n40000025,VISA|AMEXCO,,", "unknown-network", 2),
        ("bin,networks,issuerCountry,fundingType\n40000025,VISA|VISA,,", "unknown-network", 2),
        ("bin,networks,issuerCountry,fundingType\n40000025,,,", "unknown-network", 2),
        ("bin,networks,issuerCountry,fundingType\n40000025,VISA,France,", "bad-country", 2),
        ("bin,networks,issuerCountry,fundingType\n40000025,VISA,FR,gold", "bad-funding-type", 2),
        ("bin,networks,issuerCountry,fundingType\n40000025,VISA,FR", "bad-row", 2),
        ("bin,networks,issuerCountry,fundingType\n40000025,VISA,,\n#\n40000025,VISA,,", "duplicate-bin", 4),
        ("", "missing-header", 1),
    ])
    func aMalformedTableIsRefusedWithTheLine(_ csv: String, _ code: String, _ line: Int) {
        #expect(throws: BINTableError.self) { try BINTable(csv: csv) }
        do {
            _ = try BINTable(csv: csv)
        } catch {
            #expect(error.code == code)
            #expect(error.line == line)
        }
    }
}
