import CardEngine
import Foundation
import HTTPServer
import Mustache
import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// Whole forms typed key by key, each event answered twice from the same record: by the renderer
/// that re-renders only the blocks the change reaches (`BlockPlan`) and by one that renders the
/// whole form for every event. Every answer and the page's state after it must be the same.
@Suite struct DifferentialRenderingTests {
    static let cardOnly = #"{"amount": 2499, "currency": "EUR", "customerId": "cus_7", "surcharges": {"VISA": 109, "AMEX": 250}}"#
    static let billing = #"{"amount": 1000, "currency": "USD", "requiresBillingAddress": true, "billingFields": ["firstName", "lastName", "email", "phoneNumber", "countryCode", "addressLine1", "addressLine2", "city", "state", "postalCode"]}"#
    /// Card fields without the cardholder's name and the CVV: their leaves render nothing, and
    /// the number's changes (network, CVV length) still reach them.
    static let withoutNameOrCVV = #"{"amount": 2499, "currency": "EUR", "cardFields": ["cardNumber", "expiryDate"]}"#
    /// A billing address of two fields: a country change reaches the state's leaf, left out.
    static let billingSubset = #"{"amount": 1000, "currency": "USD", "requiresBillingAddress": true, "billingFields": ["countryCode", "postalCode"]}"#
    static let french = #"{"amount": 1000, "currency": "EUR", "locale": "fr", "orderedAllowedCardNetworks": ["CARTES_BANCAIRES", "VISA", "MASTERCARD"]}"#

    /// One shopper's page, every event checked against the whole-form render.
    struct Shopper {
        let environment: SessionEnvironment
        let tracked: FormRenderer
        let whole: FormRenderer
        var record: SessionRecord
        /// The page the next event comes from (`open()` adds another).
        var pageID = RandomToken.make128()
        var mismatches: [String] = []
        var events = 0
        /// Answers that carried the edited field's value alone (an empty block: nothing else changed).
        var valueOnly = 0
        /// What each input shows: the server's echo, or for a field never echoed (the CVV) what was typed.
        var shown: [FieldType: String] = [:]
        /// Answers whose live region said something (`errors.announcement`).
        var announced = 0

        init(_ configuration: String, resources: FormResources = LeafRenderingTests.defaults) throws {
            environment = SessionEnvironment(clock: .fixed(year: 2026, month: 11), catalogs: resources.catalogs)
            let parsed = try SessionConfiguration.parse(Array(configuration.utf8))
            record = SessionRecord(session: CardSession(id: "s", configuration: parsed, environment: environment), token: "t", now: Date())
            tracked = FormRenderer(resources: resources, dev: false)
            whole = FormRenderer(resources: resources, dev: false, tracking: false)
            _ = try whole.page(&record, pageID: pageID)
            held[pageID] = try rendered()
        }

        /// What each page's form holds, as markup: the form it was given, with every answer
        /// applied as the page script applies it (`PageReplica`).
        var held: [String: String] = [:]

        /// The whole form as the page would be given it now, its live region empty.
        func rendered() throws -> String {
            let view = whole.view(record, pageID: pageID, noscript: false, announcement: "")
            return String(decoding: try whole.render("form", data: view.data()), as: UTF8.self)
        }

        mutating func send(_ event: PageEvent, _ label: String) throws {
            let revision = try #require(record.page(pageID)).revision
            let address = try PageAddress(FormFields([("page", pageID), ("rev", String(revision))]))
            var fast = record
            var reference = record
            let answer = fast.handle(event, from: address, renderer: tracked, environment: environment)
            let expected = reference.handle(event, from: address, renderer: whole, environment: environment)
            let body = try answer.html.get()
            if body != (try expected.html.get()) || fast.pages != reference.pages {
                mismatches.append("\(label): sent\n\(body)\nwhole form sends\n\(try expected.html.get())")
            }
            events += 1
            if body.contains("\"></template>") { valueOnly += 1 }
            if body.contains("data-cf-announcement>"), !body.contains("data-cf-announcement></p>") { announced += 1 }
            if body.contains(" data-cf-tag>") { tagOnly += 1 }
            if body.isEmpty { silent += 1 }
            // The tracked record goes on (its pages equal the reference's, checked above), so what
            // the tracked path keeps from one keystroke for the next (`KeptFieldLeaf`, which takes
            // no part in equality) is exercised over whole sequences, not one step deep.
            record = fast
            // The page after the answer is the whole form's render, but for what the page
            // script keeps (the live region's words until heard, inputs' value attributes): what
            // was typed is in the input, then the answer applies.
            var typed = held[pageID] ?? ""
            if case .input(let input) = event, input.field.spec.readBack != .never {
                typed = PageReplica.typing(HTMLEscaping.escape(input.value), into: input.field.rawValue, in: typed)
            }
            let applied = PageReplica.apply(body, to: typed)
            held[pageID] = applied
            let whole = try rendered()
            if PageReplica.comparable(applied) != PageReplica.comparable(whole) {
                let differing = zip(applied.split(separator: "\n"), whole.split(separator: "\n")).filter { $0 != $1 }
                mismatches.append("\(label): after \(body)\nthe page holds, where the whole form differs:\n\(differing.map { "\($0)\n\($1)" })")
            }
        }

        /// Answers that sent a block's start tag alone (`data-cf-tag`).
        var tagOnly = 0
        /// Empty answers: the page already shows everything, the value and caret it sent included.
        var silent = 0

        /// Another page on the same session (a second tab, the shell): later events come from it.
        mutating func open() throws -> String {
            pageID = RandomToken.make128()
            _ = try whole.page(&record, pageID: pageID)
            held[pageID] = try rendered()
            shown = [:]
            return pageID
        }

        /// The merchant's `PATCH`, behind the pages' backs.
        mutating func patch(_ json: String) throws {
            let outcome = record.apply(try SessionPatch.parse(Array(json.utf8)), in: environment)
            guard case .updated = outcome else { throw PatchFailed() }
        }

        struct PatchFailed: Error {}

        /// Typed only into a field the configuration shows (a page has no input for another).
        mutating func input(_ field: FieldType, _ value: String, _ event: InputEvent = .input) throws {
            guard record.session.configuration.isConfigured(field) else { return }
            let input = PageEvent.FieldInput(field: field, value: value, caret: value.utf16.count, event: event, seq: events)
            try send(.input(input), "\(field) \(event) \"\(value)\"")
            shown[field] = field.spec.readBack == .never ? value : record.session.value(for: field)
        }

        /// Focus, each character added to what the field shows, blur.
        mutating func type(_ field: FieldType, _ text: String) throws {
            try input(field, shown[field, default: ""], .focus)
            for character in text {
                try input(field, shown[field, default: ""] + String(character))
            }
            try input(field, shown[field, default: ""], .blur)
        }

        mutating func clear(_ field: FieldType) throws {
            try input(field, "", .focus)
            try input(field, "")
            try input(field, "", .blur)
        }

        mutating func pick(_ network: CardNetwork) throws {
            try send(.network(network), "pick \(network)")
        }

        mutating func submit() throws {
            let fields = record.session.configuration.configuredFields.map { ($0.rawValue, record.session.value(for: $0)) }
            try send(.submit(FormFields(fields), saveCard: false), "submit")
        }

        mutating func card(_ number: String, expiry: String, cvv: String, name: String, pick network: CardNetwork? = nil) throws {
            try type(.cardNumber, number)
            if let network { try pick(network) }
            try type(.expiryDate, expiry)
            try type(.cvv, cvv)
            try type(.cardholderName, name)
        }

        mutating func clearCard() throws {
            for field in [FieldType.cardNumber, .expiryDate, .cvv, .cardholderName] { try clear(field) }
        }

        /// The scripted shoppers below, in a row.
        mutating func typeCards() throws {
            try card("4242424242424242", expiry: "1230", cvv: "123", name: "John Smith")
            try clearCard()
            try card("4000002500001001", expiry: "1129", cvv: "456", name: "Marie Curie", pick: .visa)
            try pick(.cartesBancaires)
            try clearCard()
            try card("378282246310005", expiry: "0931", cvv: "1234", name: "Ada Lovelace")
            try clearCard()
            // Errors: a bad check digit, an expired date, a name too short; then a submit shows them all.
            try card("4242424242424241", expiry: "0120", cvv: "12", name: "J")
            try submit()
            try clearCard()
            try card("5555552500001001", expiry: "0330", cvv: "789", name: "Seán O'Brien & Co", pick: .mastercard)
            for _ in 0..<3 { try input(.cardNumber, String(shown[.cardNumber, default: ""].dropLast())) }
            try clearCard()
            try card("4000050360000001", expiry: "1031", cvv: "135", name: "Ned Kelly")
            try submit()
        }
    }

    @Test(arguments: [cardOnly, french, withoutNameOrCVV])
    func typingWholeCardFormsAnswersWhatTheWholeFormWould(configuration: String) throws {
        var shopper = try Shopper(configuration)
        try shopper.typeCards()
        #expect(shopper.events > 150 && shopper.valueOnly + shopper.silent > shopper.events / 3 && shopper.silent > 10)
        #expect(shopper.announced > 0 && shopper.tagOnly > 10)
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    @Test(arguments: [
        (billing, "GB", "", "London", "SW1A 1AA", "+44 20 7946 0958"),
        (billing, "US", "CA", "San Francisco", "94103", "+1 415 555 0100"),
        (billing, "BR", "SP", "São Paulo", "01310-100", "+55 11 91234 5678"),
        (billingSubset, "US", "CA", "San Francisco", "94103", "+1 415 555 0100"),
        (billingSubset, "BR", "SP", "São Paulo", "01310-100", "+55 11 91234 5678"),
    ])
    func typingBillingAddressesAnswersWhatTheWholeFormWould(
        configuration: String, country: String, state: String, city: String, postalCode: String, phone: String
    ) throws {
        var shopper = try Shopper(configuration)
        // A postal code typed before the country, so the country's rules re-check it.
        try shopper.type(.postalCode, postalCode)
        try shopper.input(.countryCode, country, .focus)
        try shopper.input(.countryCode, country)
        try shopper.input(.countryCode, country, .blur)
        try shopper.type(.firstName, "Ana")
        try shopper.type(.lastName, "Lima")
        try shopper.type(.email, "ana@example")
        try shopper.type(.email, ".com")
        try shopper.type(.phoneNumber, phone)
        try shopper.type(.addressLine1, "1 Main Street")
        try shopper.type(.city, city)
        if !state.isEmpty { try shopper.type(.state, state) }
        try shopper.clear(.postalCode)
        try shopper.type(.postalCode, postalCode)
        try shopper.card("4242424242424242", expiry: "1230", cvv: "123", name: "Ana Lima")
        try shopper.clear(.city)
        try shopper.submit()
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    /// Typing goes on after the merchant's `PATCH` changed labels, the look and a value behind
    /// the page's back: the page's next answer carries every block the patch changed.
    @Test func typingAfterAPatchAnswersWhatTheWholeFormWould() throws {
        var shopper = try Shopper(Self.cardOnly)
        try shopper.type(.cardNumber, "4242424242")
        try shopper.patch(#"{"options": {"amount": 2500, "fields": {"cardholderName": {"label": "Titulaire", "labelPosition": "floating"}}}, "fields": {"cardholderName": "Jane Doe"}}"#)
        let before = shopper.mismatches.count
        try shopper.type(.cardNumber, "424242")
        try shopper.type(.cardholderName, " Jr")
        #expect(shopper.mismatches.count == before)
        try shopper.patch(#"{"options": {"fields": {"cvv": {"displayValidIcon": false, "invalidTextPosition": "above"}}}}"#)
        try shopper.type(.expiryDate, "1230")
        try shopper.type(.cvv, "123")
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    /// Two pages on one session: the card typed on one is shown only there (the other page's
    /// card fields stay empty), and each page's answers after the other's events are what the
    /// whole form gives it, the memoised card number block included.
    @Test func anotherPagesAnswersAreWhatTheWholeFormGivesIt() throws {
        var shopper = try Shopper(Self.french)
        let first = shopper.pageID
        let second = try shopper.open()
        shopper.pageID = first
        try shopper.type(.cardNumber, "4000002500001001")
        shopper.pageID = second
        try shopper.type(.cardholderName, "Marie")
        try shopper.pick(.visa)
        try shopper.pick(.cartesBancaires)
        try shopper.type(.cardholderName, " Curie")
        #expect(try #require(shopper.record.page(second)).blocks["cardNumber"] != nil)
        #expect(shopper.record.cardFields(enteredBy: second).isEmpty)
        shopper.pageID = first
        try shopper.type(.expiryDate, "1129")
        try shopper.pick(.visa)
        shopper.pageID = second
        try shopper.type(.cvv, "456")
        try shopper.type(.expiryDate, "1")
        shopper.pageID = first
        try shopper.type(.cardholderName, "!")
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    /// A field turning valid shows its tick (`is-valid`) and the per-field verdicts; typing on in a
    /// field already valid keeps them; a CVV that another field's change makes invalid (the card
    /// becomes an Amex) loses its tick; an error announced is said once, then cleared.
    @Test func ticksAndAnnouncementsAnswerWhatTheWholeFormWould() throws {
        var shopper = try Shopper(Self.cardOnly)
        try shopper.type(.cardholderName, "Ada")
        try shopper.type(.cardholderName, " Lovelace")
        try shopper.type(.cardNumber, "4242424242424242")
        try shopper.type(.cvv, "123")
        try shopper.clear(.cardNumber)
        try shopper.type(.cardNumber, "378282246310005")
        try shopper.type(.cvv, "4")
        try shopper.type(.expiryDate, "0120")
        try shopper.type(.cardholderName, "!")
        try shopper.submit()
        try shopper.clear(.expiryDate)
        try shopper.type(.expiryDate, "1230")
        #expect(shopper.announced >= 2)
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    /// A designer's field template that writes outside its block element (the name again, after
    /// it): the field's render alone cannot stand for its block, so each answer is the whole
    /// form's, the section the name changed included. Fails if that render were taken as the block.
    @Test func aFieldTemplateWritingOutsideItsBlockAnswersWhatTheWholeFormWould() throws {
        let folder = try ServerDevTests.overlay([
            "blocks/cardholder-name.mustache": ServerDevTests.guide.replacing("VERSION", with: "mark")
                + "{{#fields.cardholderName}}<b>{{value}}</b>{{/fields.cardholderName}}\n"
        ])
        var shopper = try Shopper(Self.cardOnly, resources: try FormResources.load(.init(templatesOverlay: folder)))
        try shopper.type(.cardholderName, "Ada")
        #expect(shopper.events == 5)
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    /// The test can fail: a change map that forgets that the co-badge choice follows the networks
    /// leaves it out, one that forgets what the live region reads leaves it silent, one that
    /// forgets the card fee leaves the pay button's amount as it was.
    @Test(arguments: [
        [(["cardNetwork"], ViewChanges())],
        [(["errors", "announcement"], ViewChanges()), (["errors", "summary"], ViewChanges())],
        [(["submit", "amount"], ViewChanges()), (["submit", "label"], ViewChanges()), (["submit", "surchargeNote"], ViewChanges())],
    ])
    func aChangeMapMissingADependencyFailsIt(mistakes: [([String], ViewChanges)]) throws {
        let standard = LeafRenderingTests.defaults
        let dependencies = mistakes.reduce(ViewDependencies.standard) { $0.replacing($1.0, with: $1.1) }
        let wrong = FormResources(
            templates: standard.templates, assets: standard.assets, catalogs: standard.catalogs,
            networkIcons: standard.networkIcons, dependencies: dependencies)
        var shopper = try Shopper(Self.cardOnly, resources: wrong)
        try shopper.typeCards()
        #expect(!shopper.mismatches.isEmpty)
    }
}
