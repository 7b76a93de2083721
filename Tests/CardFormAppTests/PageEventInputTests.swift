import CardEngine
import HTTPServer
import Testing
@testable import CardFormApp

/// `POST /s/<id>/input`'s form read into an event: every field and event by its exact name, and
/// nothing else.
@Suite struct PageEventInputTests {
    static func parse(_ fields: [(String, String)]) -> PageEvent.FieldInput? {
        guard case .input(let input)? = try? PageEvent.input(FormFields(fields)) else { return nil }
        return input
    }

    @Test("every field and event is read by its name", arguments: FieldType.allCases)
    func eachFieldAndEventIsRead(field: FieldType) {
        for event in InputEvent.allCases {
            let input = Self.parse([("field", field.rawValue), ("value", "4"), ("event", event.rawValue)])
            #expect(input?.field == field && input?.event == event)
        }
    }

    @Test func aMissingEventIsAnInput() {
        #expect(Self.parse([("field", "cvv"), ("value", "1")])?.event == .input)
    }

    @Test("a name that is not one is refused", arguments: ["", "Blur", "blur ", "inputs", "change", "cardNumber"])
    func otherEventNamesAreRefused(name: String) {
        #expect(Self.parse([("field", "cvv"), ("value", "1"), ("event", name)]) == nil)
    }

    @Test("a field that is not one is refused", arguments: ["", "CardNumber", "cardnumber", "cvv ", "input", "card"])
    func otherFieldNamesAreRefused(name: String) {
        #expect(Self.parse([("field", name), ("value", "1")]) == nil)
    }
}
