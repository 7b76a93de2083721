import CardEngine
import Testing

/// Co-badging as the seed defines it (CONTRACT §8): `binData.preferred` is the first detected
/// network the merchant accepts, `alternatives` the others (accepted ones in the merchant's order,
/// then the rest), the selector offers accepted networks only and never for eftpos, and the
/// processor is asked for a network only when the shopper picked one.
@Suite struct SessionCoBadgeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var number: String
        var allowed: [CardNetwork]?
        var preferred: CardNetwork?
        var alternatives: [CardNetwork]
        var offered: [CardNetwork]
        var shown: CardNetwork
        var testDescription: String { "\(number) allowed \(allowed.map { $0.map(\.rawValue) } ?? ["default"])" }
    }

    static let cases: [Case] = [
        // The issue's examples: Cartes Bancaires + Visa (issuer's order CB, Visa).
        Case(number: "4000002500001001", allowed: [.visa], preferred: .visa, alternatives: [.cartesBancaires], offered: [], shown: .visa),
        Case(number: "4000002500001001", allowed: [.mastercard], preferred: nil, alternatives: [.cartesBancaires, .visa], offered: [], shown: .cartesBancaires),
        // Both accepted: the issuer's first accepted network is preferred, the selector follows the merchant's order.
        Case(number: "4000002500001001", allowed: [.visa, .cartesBancaires], preferred: .cartesBancaires, alternatives: [.visa], offered: [.visa, .cartesBancaires], shown: .cartesBancaires),
        Case(number: "4000002500001001", allowed: [.cartesBancaires, .visa], preferred: .cartesBancaires, alternatives: [.visa], offered: [.cartesBancaires, .visa], shown: .cartesBancaires),
        Case(number: "4000002500001001", allowed: nil, preferred: .cartesBancaires, alternatives: [.visa], offered: [.visa, .cartesBancaires], shown: .cartesBancaires),
        // Visa + Cartes Bancaires in the issuer's order.
        Case(number: "4035501428146300", allowed: [.cartesBancaires, .visa], preferred: .visa, alternatives: [.cartesBancaires], offered: [.cartesBancaires, .visa], shown: .visa),
        Case(number: "5555552500001001", allowed: [.mastercard, .amex], preferred: .mastercard, alternatives: [.cartesBancaires], offered: [], shown: .mastercard),
        Case(number: "5127880999999990", allowed: [.mastercard, .bancontact], preferred: .bancontact, alternatives: [.mastercard], offered: [.mastercard, .bancontact], shown: .bancontact),
        Case(number: "4571000000000001", allowed: [.dankort, .visa], preferred: .visa, alternatives: [.dankort], offered: [.dankort, .visa], shown: .visa),
        // eftpos co-badges: both badges, no choice.
        Case(number: "4000050360000001", allowed: [.visa, .eftpos], preferred: .eftpos, alternatives: [.visa], offered: [], shown: .eftpos),
        Case(number: "4000050360000001", allowed: [.visa], preferred: .visa, alternatives: [.eftpos], offered: [], shown: .visa),
        // One network: nothing to choose.
        Case(number: "4242424242424242", allowed: [.visa], preferred: .visa, alternatives: [], offered: [], shown: .visa),
        Case(number: "4242424242424242", allowed: [.mastercard], preferred: nil, alternatives: [.visa], offered: [], shown: .visa),
    ]

    static func session(_ number: String, allowed: [CardNetwork]?, extra: String = "") throws -> CardSession {
        let list = allowed.map { "\"orderedAllowedCardNetworks\": [" + $0.map { "\"\($0.rawValue)\"" }.joined(separator: ",") + "]" }
        let members = [list, extra.isEmpty ? nil : extra].compactMap(\.self).joined(separator: ", ")
        var session = try Fixtures.session("{" + members + "}")
        _ = session.update(.cardNumber, value: number, caret: number.count, event: .paste, in: environment)
        return session
    }

    @Test(arguments: cases)
    func binDataAndTheSelectorFollowTheSeedsDefinition(_ c: Case) throws {
        let session = try Self.session(c.number, allowed: c.allowed)
        #expect(session.binData?.preferred == c.preferred)
        #expect(session.binData?.alternatives == c.alternatives)
        #expect(session.isNetworkSelectable == !c.offered.isEmpty)
        if !c.offered.isEmpty { #expect(session.selectableNetworks == c.offered) }
        #expect(session.selectedNetwork == c.shown)
        #expect(session.pickedNetwork == nil)
    }

    @Test func alternativesListAcceptedNetworksInTheMerchantsOrderThenTheRest() throws {
        var session = try Self.session("5105105105105100", allowed: [.mastercard, .amex, .visa])
        let record = BINRecord(bin: "51051051", networks: [.cartesBancaires, .visa, .mastercard])
        _ = session.resolveBIN("51051051", record: record, in: environment)
        #expect(session.binData == BINData(preferred: .visa, alternatives: [.mastercard, .cartesBancaires], status: .complete))
        #expect(session.selectableNetworks == [.mastercard, .visa])
        #expect(session.selectedNetwork == .visa)
    }

    @Test func aNetworkTheMerchantRefusesCannotBePicked() throws {
        var session = try Self.session("4000002500001001", allowed: [.visa, .mastercard])
        let picked = session.selectNetwork(.cartesBancaires, in: environment)
        #expect(picked.isEmpty && session.pickedNetwork == nil)
    }

    @Test func partialBINDataPrefersTheDetectedNetworkOnlyWhenAccepted() throws {
        #expect(try Self.session("4242", allowed: nil).binData == BINData(preferred: .visa, alternatives: [], status: .partial))
        #expect(try Self.session("4242", allowed: [.amex]).binData == BINData(preferred: nil, alternatives: [.visa], status: .partial))
    }

    static let feeOptions = #""amount": 1000, "currency": "EUR", "surcharges": {"VISA": 109, "CARTES_BANCAIRES": 25}"#

    static func submitted(_ session: inout CardSession) throws -> PaymentRequestDraft {
        SessionValidationTests.fillCard(&session, number: nil)
        guard case .startPayment(let draft) = session.submit(in: environment) else { throw Failure(description: "no payment") }
        return draft
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    @Test func withoutAPickNoNetworkIsAskedForAndTheFeeIsThePreferredNetworks() throws {
        var session = try Self.session("4000002500001001", allowed: [.visa, .cartesBancaires], extra: Self.feeOptions)
        #expect(session.selectedNetwork == .cartesBancaires)
        #expect(session.surchargeAmountRaw == 25)
        let state = session.stateJSON(in: environment).objectValue
        #expect(state?["selectedNetwork"] == "CARTES_BANCAIRES" && state?["surchargeAmountRaw"] == 25)
        #expect(state?["binData"]?.objectValue?["preferred"] == "CARTES_BANCAIRES")
        let draft = try Self.submitted(&session)
        #expect(draft.preferredNetwork == nil)
        #expect(draft.network == .cartesBancaires && draft.surcharge == 25 && draft.totalAmount == 1025)
    }

    @Test(arguments: [CardNetwork.visa, .cartesBancaires])
    func thePickIsAskedForWithItsFee(_ pick: CardNetwork) throws {
        var session = try Self.session("4000002500001001", allowed: [.visa, .cartesBancaires], extra: Self.feeOptions)
        // Picking the network already shown changes nothing on the page (no changes reported),
        // but it is still the shopper's pick, asked of the processor.
        session.selectNetwork(pick, in: environment)
        #expect(session.pickedNetwork == pick)
        let draft = try Self.submitted(&session)
        #expect(draft.preferredNetwork == pick && draft.network == pick)
        #expect(draft.surcharge == (pick == .visa ? 109 : 25))
    }

    @Test func aSingleNetworkCardAsksForNoNetwork() throws {
        var session = try Self.session("4242424242424242", allowed: nil, extra: Self.feeOptions)
        let draft = try Self.submitted(&session)
        #expect(draft.preferredNetwork == nil && draft.network == .visa && draft.surcharge == 109)
    }

    @Test func anEftposCardAsksForNoNetwork() throws {
        var session = try Self.session("4000050360000001", allowed: [.visa, .eftpos])
        #expect(session.selectNetwork(.visa, in: environment).isEmpty)
        let draft = try Self.submitted(&session)
        #expect(draft.preferredNetwork == nil && draft.network == .eftpos)
    }

    @Test func theAcceptedBrandsAreTheMerchantsInItsOrder() throws {
        #expect(try Fixtures.session(#"{"orderedAllowedCardNetworks": ["MASTERCARD", "VISA", "OTHER"]}"#).acceptedNetworks == [.mastercard, .visa])
        #expect(try Fixtures.session().acceptedNetworks == CardNetwork.defaultAllowed)
    }
}
