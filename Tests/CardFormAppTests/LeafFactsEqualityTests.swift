import CardEngine
import Mustache
import Testing
@testable import CardFormApp

/// `LeafFacts`' own `==` (a `LeafMemo` key's): facts differing in any one thing a leaf's data is
/// built from are different keys, so no session is handed another's leaf; facts whose data is the
/// same may be one key.
@Suite struct LeafFactsEqualityTests {
    /// Shown errors as the session makes them: an empty form submitted.
    static func errors() throws -> [FieldError] {
        var (session, environment) = CoBadgeSubmissionTests.session()
        _ = session.submit(in: environment)
        let errors = session.fieldErrors
        try #require(errors.count >= 2)
        return errors
    }

    /// Every part set, so that each fact has something to differ from.
    static func facts(_ errors: [FieldError]) -> LeafFacts {
        var facts = LeafFacts()
        facts.state = LeafFacts.State(
            valid: false, phase: .ready, networks: [.visa, .mastercard], network: .visa, payment: nil, passed: [.cardNumber],
            failed: errors)
        facts.submit = LeafFacts.Submit(disabled: false, loading: false, amount: 1000, surcharge: nil, currency: "EUR", locale: "en")
        facts.errors = LeafFacts.Errors(announcement: "", summary: [])
        facts.cardNetwork = LeafFacts.NetworkChoice(networks: [.visa, .cartesBancaires], selected: .visa)
        facts.saveCard = false
        facts.phase = .ready
        facts.rest = ["colorScheme": .string("dark")]
        return facts
    }

    /// `==` is written by hand: a fact added to either type without a line there (and a change
    /// in the test below) would let two sessions differing in it share a leaf. This count fails first.
    @Test func everyStoredFactIsOneThatEqualityComparesAndTheListBelowChanges() throws {
        let facts = Self.facts(try Self.errors())
        #expect(Mirror(reflecting: facts).children.count == 10, "a new fact goes into LeafFacts.==, hash, and the changes below")
        #expect(Mirror(reflecting: try #require(facts.state)).children.count == 7, "a new fact goes into State.sameFacts and the changes below")
    }

    @Test func factsDifferingInAnyOneFactAreDifferentKeys() throws {
        let errors = try Self.errors()
        let base = Self.facts(errors)
        #expect(base == Self.facts(errors))
        let changes: [(name: String, change: (inout LeafFacts) -> Void)] = [
            ("valid", { $0.state?.valid = true }),
            ("state phase", { $0.state?.phase = .processing }),
            ("networks", { $0.state?.networks = [.mastercard, .visa] }),
            ("network", { $0.state?.network = nil }),
            ("payment", { $0.state?.payment = "pay_1" }),
            ("passed", { $0.state?.passed = [.cardNumber, .cvv] }),
            ("failed, one fewer", { $0.state?.failed.removeLast() }),
            ("failed, in another order", { $0.state?.failed.reverse() }),
            ("failed, another code", { $0.state?.failed[0].issue.code = "something-else" }),
            ("failed, another field", { $0.state?.failed[0].field = .postalCode }),
            ("no state", { $0.state = nil }),
            ("disabled", { $0.submit?.disabled = true }),
            ("loading", { $0.submit?.loading = true }),
            ("amount", { $0.submit?.amount = 1001 }),
            ("surcharge", { $0.submit?.surcharge = 5 }),
            ("currency", { $0.submit?.currency = "USD" }),
            ("locale", { $0.submit?.locale = "en-GB" }),
            ("no submit", { $0.submit = nil }),
            ("announcement", { $0.errors?.announcement = "Card number: invalid" }),
            ("summary", { $0.errors?.summary = [.init(field: .cardNumber, message: "invalid")] }),
            ("no errors", { $0.errors = nil }),
            ("choice", { $0.cardNetwork?.networks = [.cartesBancaires, .visa] }),
            ("selected", { $0.cardNetwork?.selected = .cartesBancaires }),
            ("no choice", { $0.cardNetwork = nil }),
            ("save card", { $0.saveCard = true }),
            ("no save card", { $0.saveCard = nil }),
            ("phase", { $0.phase = .failed }),
            ("no phase", { $0.phase = nil }),
            ("result", { $0.result = PaymentResult(status: .failed, id: "pay_1") }),
            ("noscript", { $0.noscript = true }),
            ("isLoading", { $0.isLoading = true }),
            ("rest", { $0.rest = ["colorScheme": .string("light")] }),
            ("no rest", { $0.rest = nil }),
        ]
        for (name, change) in changes {
            var changed = base
            change(&changed)
            #expect(changed != base, "\(name)")
            #expect(base != changed, "\(name)")
        }
    }

    /// Two results are compared, not only a result's presence: the payment's outcome is all the
    /// result leaf shows, so a declined payment's key never finds a succeeded one's leaf.
    @Test func factsHoldingDifferentResultsAreDifferentKeys() throws {
        var declined = Self.facts(try Self.errors())
        declined.result = PaymentResult(status: .failed, id: "pay_1", declineCode: "card_declined")
        var same = declined
        same.result = PaymentResult(status: .failed, id: "pay_1", declineCode: "card_declined")
        #expect(declined == same)
        let others = [
            PaymentResult(status: .succeeded, id: "pay_1"), PaymentResult(status: .failed, id: "pay_2", declineCode: "card_declined"),
            PaymentResult(status: .failed, id: "pay_1", declineCode: "insufficient_funds"),
        ]
        for other in others {
            var changed = declined
            changed.result = other
            #expect(changed != declined, "\(other)")
        }
    }

    /// `formState` reads an error's field and code only: errors differing in nothing else give the
    /// same data, and are one key.
    @Test func errorsCountByFieldAndCodeAlone() throws {
        let errors = try Self.errors()
        var other = errors
        other[0].issue.aliases = ["XX99"]
        other[0].issue.parameters = ["min": "9"]
        other[0].issue.messageKey = "message.other"
        let (first, second) = (Self.facts(errors), Self.facts(other))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        let pack = FieldLookViewTests.resources.pack(for: "en")
        #expect(first.data(.state, pack: pack, icons: [:]) == second.data(.state, pack: pack, icons: [:]))
    }

    /// `LeafFacts.hash` takes a network, or none, as the one byte `CardNetwork?` is stored in: true
    /// while no case has a payload. One that had would make the optional larger, and equal
    /// networks could differ in their bytes (memo misses, duplicate entries): this fails first.
    @Test func anOptionalNetworkIsOneByteOfItsOwnForEachCase() {
        #expect(MemoryLayout<CardNetwork?>.size == 1)
        let networks: [CardNetwork?] = [nil] + CardNetwork.allCases.map { $0 }
        let bytes = networks.map { network in withUnsafeBytes(of: network) { $0[0] } }
        #expect(Set(bytes).count == networks.count)
    }
}
