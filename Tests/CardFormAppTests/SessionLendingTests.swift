import CardEngine
import Foundation
import Mustache
import Testing
@testable import CardFormApp

/// A render reads the record's own session, moved into the view and back (`FormView.lending`):
/// whatever the render does, the record ends up holding that session again.
@Suite struct SessionLendingTests {
    static let resources = LeafRenderingTests.defaults
    let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 11), catalogs: Self.resources.catalogs)
    let renderer = FormRenderer(resources: Self.resources, dev: false)

    func typedRecord() throws -> SessionRecord {
        let configuration = try SessionConfiguration.parse(Array(#"{"amount": 1000, "currency": "EUR", "locale": "fr"}"#.utf8))
        var session = CardSession(id: "lent", configuration: configuration, environment: environment)
        _ = session.update(.cardNumber, value: "4242 42", caret: 7, in: environment)
        _ = session.update(.expiryDate, value: "13", caret: 2, event: .blur, in: environment)
        return SessionRecord(session: session, token: "t", now: Date())
    }

    @Test func theViewHoldsTheRecordsSessionAndTheRecordGetsItBack() throws {
        var record = try typedRecord()
        let before = record.session
        let seen = try renderer.withView(of: &record, pageID: "p", noscript: false) { view in view.session }
        #expect(seen == before && seen.id == "lent")
        #expect(record.session == before)
    }

    @Test func aRenderThatThrowsLeavesTheRecordItsSession() throws {
        var record = try typedRecord()
        let before = record.session
        let failure = TemplateError(code: .unclosedTag, message: "stop", templateName: "form")
        #expect(throws: failure) {
            try renderer.withView(of: &record, pageID: "p", noscript: false) { (view: inout FormView) throws(TemplateError) in
                view.context.announcement = "changed"
                throw failure
            }
        }
        #expect(record.session == before)
        // And renders from it: the page is in the session's language (a stand-in has none).
        let html = try renderer.page(&record, pageID: "p")
        #expect(html.contains(#"lang="fr""#))
        #expect(record.session == before)
    }
}
