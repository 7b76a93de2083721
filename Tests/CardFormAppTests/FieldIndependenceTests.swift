import CardEngine
import Foundation
import Mustache
import Testing
@testable import CardFormApp
@testable import CardFormSupport

@Suite struct FieldIndependenceTests {
    static let defaults = try! FormResources.load(.init())

    @Test func withTheShippedTemplatesEveryFieldButTheCountryStandsAlone() {
        #expect(Set(Self.defaults.independentFields.keys) == Set(FieldType.allCases).subtracting([.countryCode]))
        // Rendered alone, the card number's block needs its field and the strings, nothing else.
        #expect(Self.defaults.independentFields[.cardNumber] == ["fields", "t"])
    }

    @Test(arguments: [
        ("sections/submit-button", "<p>{{fields.cardNumber.value}}</p>{{> blocks/submit-button}}", Set(FieldType.allCases).subtracting([.countryCode, .cardNumber])),
        ("sections/submit-button", "{{#fields}}{{cardNumber.value}}{{/fields}}{{> blocks/submit-button}}", []),
        ("sections/submit-button", "{{>*which}}{{> blocks/submit-button}}", []),
        ("sections/submit-button", "<p>{{fields.cardNumberNote}}</p>{{> blocks/submit-button}}", Set(FieldType.allCases).subtracting([.countryCode])),
    ] as [(String, String, Set<FieldType>)])
    func aTemplateThatReadsAFieldsDataElsewhereKeepsTheWholeFormRender(name: String, source: String, expected: Set<FieldType>) throws {
        var sources = Self.defaults.templates.templates.mapValues(\.source)
        sources[name] = source
        let library = try TemplateLibrary(templates: sources)
        #expect(Set(FieldIndependence.fields(in: library).keys) == expected)
    }

    /// A session with its page open, typed into as the page script would.
    struct Typing {
        let resources: FormResources
        let renderer: FormRenderer
        let environment: SessionEnvironment
        var record: SessionRecord
        let pageID = RandomToken.make128()

        init(resources: FormResources = FieldIndependenceTests.defaults, field: FieldType, before: String = "") throws {
            self.resources = resources
            let configuration = try SessionConfiguration.parse(Array(#"{"amount": 1000, "currency": "EUR"}"#.utf8))
            environment = SessionEnvironment(clock: .fixed(year: 2026, month: 11), catalogs: resources.catalogs)
            record = SessionRecord(
                session: CardSession(id: "s", configuration: configuration, environment: environment), token: "t", now: Date())
            renderer = FormRenderer(resources: resources, dev: false)
            record.session.update(field, value: before, caret: before.utf16.count, in: environment)
            // Typed on this page, which is then shown its own card values.
            record.noteEntry([field], by: pageID)
            _ = try renderer.page(&record, pageID: pageID)
        }

        /// The fragments for `record`'s page, answered as the event handler does.
        func fragments(_ record: inout SessionRecord, revision: Int?, echo: FieldEcho?, onlyField: FieldType? = nil) throws -> String {
            try record.answerPage(pageID) { page, isKnown, record throws(TemplateError) in
                try renderer.fragments(
                    record, page: &page, resync: !isKnown || revision != page.revision, echo: echo, onlyField: onlyField)
            }
        }

        /// Types `value`; when only the value changed, checks that the block alone answers exactly
        /// what the whole-form render would, and leaves the page in the same state. Returns the
        /// answer and whether the block went alone.
        mutating func type(_ field: FieldType, _ value: String) throws -> (answer: String, alone: Bool) {
            let update = record.session.update(field, value: value, caret: value.utf16.count, in: environment)
            record.noteEntry([field], by: pageID)
            let echo = field.spec.readBack == .never ? nil : FieldEcho(field: field.rawValue, value: update.formatted.value, caret: update.formatted.caret, seq: 1)
            let revision = record.page(pageID)?.revision
            var whole = record
            let full = try fragments(&whole, revision: revision, echo: echo)
            guard update.changes.subtracting([.value, .focus]).isEmpty else {
                record = whole
                return (full, false)
            }
            var alone = record
            let fast = try fragments(&alone, revision: revision, echo: echo, onlyField: field)
            #expect(fast == full, "\(field) \(value)")
            #expect(alone.pages == whole.pages, "\(field) \(value)")
            // …and the block really did go alone, not through the whole-form render.
            var page = try #require(record.page(pageID))
            let context = PageContext(pageID: pageID, cardFieldsShown: record.cardFields(enteredBy: pageID))
            let view = FormView(session: record.session, token: "t", resources: resources, context: context)
            #expect(try renderer.fieldBlockAlone(field, view: view, page: &page, echo: echo) == fast, "\(field) \(value)")
            record = whole
            return (fast, true)
        }
    }

    /// The block rendered alone must leave the page exactly as the whole-form render would: the same
    /// answer and the same remembered hashes.
    @Test(arguments: [
        ("cardNumber", "4242", "4242 4242"), ("cardholderName", "ada", "ada lovel"), ("expiryDate", "", "1"), ("cvv", "1", "12"),
    ])
    func aFieldsBlockAloneAnswersWhatTheWholeFormWould(field: String, before: String, value: String) throws {
        let type = try #require(FieldType(rawValue: field))
        var typing = try Typing(field: type, before: before)
        #expect(try typing.type(type, value).alone)
    }

    /// Key by key, with values the memo fills in and values it must not (an apostrophe, an
    /// ampersand, an emptied field): every answer is the whole-form render's.
    @Test(arguments: [
        (FieldType.cardNumber, "4000 0025 0000 1001"), (.cardNumber, "3782 822463 10005"), (.cardNumber, "5555 5555 5555 4444"),
        (.cardholderName, "Seán O'Brien & Co"), (.expiryDate, "12/30"), (.cvv, "1234"),
    ])
    func typingKeyByKeyAnswersWhatTheWholeFormWould(field: FieldType, value: String) throws {
        var typing = try Typing(field: field)
        var prefix = ""
        var alone = 0
        for character in value + "\u{8}" {
            if character == "\u{8}" { prefix = "" } else { prefix.append(character) }
            if try typing.type(field, prefix).alone { alone += 1 }
        }
        #expect(alone > value.count / 2, "most keystrokes change the value alone")
    }

    @Test("a block rendered once with the stand-in is filled in again for the next values, and not rendered")
    func theMemoIsFilledInAgain() throws {
        let resources = try FormResources.load(.init())
        var typing = try Typing(resources: resources, field: .cardNumber, before: "4242 4242")
        #expect(resources.blockMemo.count == 0)
        #expect(try typing.type(.cardNumber, "4242 4242 4").alone)
        #expect(resources.blockMemo.count == 1)
        for value in ["4242 4242 42", "4242 4242 424", "4242 4242 4242"] {
            let answer = try typing.type(.cardNumber, value)
            #expect(answer.alone && answer.answer.contains("value=\"\(value)\""))
        }
        #expect(resources.blockMemo.count == 1)
    }
}
