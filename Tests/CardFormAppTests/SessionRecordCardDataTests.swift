import CardEngine
import Foundation
import HTTPServer
import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// Which page is shown the card: the one whose edit the session last took for each card field.
@Suite struct SessionRecordCardDataTests {
    static let resources = LeafRenderingTests.defaults
    let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 11), catalogs: Self.resources.catalogs)
    let renderer = FormRenderer(resources: Self.resources, dev: false)
    let pages = (0..<3).map { _ in RandomToken.make128() }

    func newRecord() throws -> SessionRecord {
        let configuration = try SessionConfiguration.parse(Array(#"{"amount": 1000, "currency": "EUR"}"#.utf8))
        return SessionRecord(session: CardSession(id: "s", configuration: configuration, environment: environment), token: "t", now: Date())
    }

    func type(_ field: FieldType, _ value: String, on page: String, into record: inout SessionRecord) throws -> String {
        let input = PageEvent.FieldInput(field: field, value: value, caret: value.utf16.count, event: .input, seq: nil)
        let address = try PageAddress(FormFields([("page", page), ("rev", "999")]))
        return try record.handle(.input(input), from: address, renderer: renderer, environment: environment).html.get()
    }

    @Test func theLastPageToEnterACardFieldIsTheOnlyOneShownIt() throws {
        var record = try newRecord()
        _ = try type(.cardNumber, "4242424242424242", on: pages[0], into: &record)
        _ = try type(.expiryDate, "1230", on: pages[0], into: &record)
        _ = try type(.cardholderName, "Ada", on: pages[0], into: &record)
        #expect(record.cardFields(enteredBy: pages[0]) == [.cardNumber, .expiryDate])
        let other = try type(.cardNumber, "5555555555554444", on: pages[1], into: &record)
        #expect(record.cardFields(enteredBy: pages[0]) == [.expiryDate])
        #expect(record.cardFields(enteredBy: pages[1]) == [.cardNumber])
        #expect(other.contains(#"value="5555 5555 5555 4444""#) && !other.contains(#"value="12/30""#))
        let own = try type(.cardholderName, "Ada L", on: pages[0], into: &record)
        #expect(own.contains(#"value="12/30""#) && !own.contains("5555"))
    }

    @Test func anEditTheSessionIgnoresMovesNothing() throws {
        var record = try newRecord()
        for (field, value) in [(FieldType.cardNumber, "4242424242424242"), (.expiryDate, "1230"), (.cvv, "123"), (.cardholderName, "Ada Lovelace")] {
            _ = try type(field, value, on: pages[0], into: &record)
        }
        guard case .startPayment = record.session.submit(in: environment) else { Issue.record("expected a payment"); return }
        // While processing the session takes no input: another page's edit claims nothing.
        let answer = try type(.cardNumber, "4242424242424242", on: pages[2], into: &record)
        #expect(record.cardFields(enteredBy: pages[2]).isEmpty)
        #expect(record.cardFields(enteredBy: pages[0]) == [.cardNumber, .expiryDate, .cvv])
        #expect(!answer.contains("4242 4242"))
    }
}
