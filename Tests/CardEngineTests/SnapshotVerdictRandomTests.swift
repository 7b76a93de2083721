@testable import CardEngine
import Testing

/// `snapshot`, `isValid` and `isBillingValid` read the verdicts off the configuration's field sets
/// (`ConfigurationBox`): after any run of edits, blurs, network picks and reconfigurations they must
/// be what the configuration's field lists say, walked here field by field.
@Suite struct SnapshotVerdictRandomTests {
    static let configurations = [
        "{}",
        #"{"cardFields": ["cardNumber", "expiryDate"]}"#,
        #"{"requiresBillingAddress": true}"#,
        #"{"billingFields": ["countryCode", "postalCode"], "fields": {"postalCode": {"validateOn": "change"}}}"#,
        #"{"cardFields": ["cardNumber", "expiryDate", "cvv"], "billingFields": ["firstName", "lastName"]}"#,
    ]

    static let values: [FieldType: [String]] = [
        .cardNumber: ["", "4", "4242 4242 4242 4242", "4242 4242 4242 4241", "3782 822463 10005", "5555555555554444"],
        .expiryDate: ["", "1", "12/30", "12/20", "13/40"],
        .cvv: ["", "1", "123", "1234"],
        .cardholderName: ["", "J", "Jane Doe"],
        .countryCode: ["", "GB", "US", "ZZ"],
        .postalCode: ["", "SW1A 1AA", "12345", "1"],
        .firstName: ["", "Jane"],
        .lastName: ["", "Doe"],
        .addressLine1: ["", "1 Main St"],
        .city: ["", "London"],
    ]

    /// A fixed-seed generator (SplitMix64), so a failure names a run that can be replayed.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: 0..<8)
    func theSnapshotsVerdictsFollowEveryEvent(seed: Int) throws {
        var random = Seeded(state: UInt64(seed))
        let configurations = try Self.configurations.map { try SessionConfiguration.parse(Array($0.utf8)) }
        var session = CardSession(id: "cs_test", configuration: configurations[0], environment: environment)
        let fields = Array(Self.values.keys).sorted { $0.position < $1.position }
        var sawComplete = false
        for step in 0..<300 {
            switch Int.random(in: 0..<20, using: &random) {
            case 0:
                _ = session.reconfigure(configurations.randomElement(using: &random)!, in: environment)
            case 1:
                _ = session.selectNetwork(CardNetwork.allCases.randomElement(using: &random)!, in: environment)
            default:
                let field = fields.randomElement(using: &random)!
                let value = Self.values[field]!.randomElement(using: &random)!
                let event = [InputEvent.input, .paste, .focus, .blur].randomElement(using: &random)!
                session.update(field, value: value, caret: value.utf16.count, event: event, in: environment)
            }
            let snapshot = session.snapshot
            let listed = Self.verdictsByList(session)
            #expect(snapshot.validity == listed.validity, "seed \(seed) step \(step)")
            #expect((session.isValid, session.isBillingValid) == listed.validity, "seed \(seed) step \(step)")
            #expect(snapshot.completeFields == listed.complete, "seed \(seed) step \(step)")
            sawComplete = sawComplete || !listed.complete.isEmpty
        }
        #expect(sawComplete)
    }

    /// The verdicts from the configuration's lists: every card (billing) field valid, and the
    /// shown fields holding a valid value; `forEachValidField`'s fields are checked against them.
    static func verdictsByList(_ session: CardSession) -> (validity: (card: Bool, billing: Bool), complete: FieldSet) {
        let configuration = session.configuration
        let complete = FieldSet((configuration.cardFields + configuration.activeBillingFields).filter {
            session.validFields.contains($0) && !session.values[$0].isEmpty
        })
        var walked: [FieldType] = []
        session.forEachValidField { walked.append($0) }
        #expect(walked == (configuration.cardFields + configuration.activeBillingFields).filter(complete.contains))
        return (
            (configuration.cardFields.allSatisfy(session.validFields.contains),
             configuration.activeBillingFields.allSatisfy(session.validFields.contains)),
            complete
        )
    }
}
