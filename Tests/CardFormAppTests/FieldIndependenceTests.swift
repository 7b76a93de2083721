import CardEngine
import Foundation
import Mustache
import Testing
@testable import CardFormApp

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

    /// The block rendered alone must leave the page exactly as the whole-form render would: the same
    /// answer and the same remembered hashes.
    @Test(arguments: [
        ("cardNumber", "4242", "4242 4242"), ("cardholderName", "", "ada lovel"), ("expiryDate", "", "1"), ("cvv", "1", "12"),
    ])
    func aFieldsBlockAloneAnswersWhatTheWholeFormWould(field: String, before: String, value: String) throws {
        let resources = Self.defaults
        let configuration = try SessionConfiguration.parse(Array(#"{"amount": 1000, "currency": "EUR"}"#.utf8))
        let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 11), catalogs: resources.catalogs)
        let entry = SessionEntry(
            id: "s", token: "t", session: CardSession(id: "s", configuration: configuration, environment: environment),
            now: .now, origin: .now)
        let renderer = FormRenderer(resources: resources, dev: false)
        var record = entry.state.withLock { $0 }
        let type = try #require(FieldType(rawValue: field))
        _ = record.session.update(type, value: before, caret: before.utf16.count)
        _ = try renderer.page(entry, record: &record)
        let pageID = try #require(record.pages.last?.id)
        let update = record.session.update(type, value: value, caret: value.utf16.count)
        #expect(update.changes.subtracting([.value, .focus]).isEmpty)
        let echo = type == .cvv ? nil : FieldEcho(field: field, value: update.formatted.value, caret: update.formatted.caret, seq: 1)
        var alone = record
        var whole = record
        let fast = try renderer.fragments(entry, record: &alone, pageID: pageID, revision: 0, echo: echo, onlyField: type)
        let full = try renderer.fragments(entry, record: &whole, pageID: pageID, revision: 0, echo: echo)
        #expect(fast == full)
        #expect(alone.pages == whole.pages)
        // …and the block really was rendered alone, not handed back to the whole-form render.
        var page = try #require(record.page(pageID))
        let view = FormView(session: record.session, token: "t", resources: resources, context: PageContext(pageID: pageID))
        let keys = try #require(resources.independentFields[type])
        #expect(try renderer.fieldBlockAlone(type, data: view.data(only: type, reading: keys), page: &page, echo: echo) == fast)
    }
}
