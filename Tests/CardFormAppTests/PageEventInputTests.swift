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

    /// The event read from a body as the page script posts it (its numbers read where they lie).
    static func parse(body: String) -> PageEvent.FieldInput? {
        guard let form = try? FormFields(urlEncoded: body), case .input(let input)? = try? PageEvent.input(form) else { return nil }
        return input
    }

    @Test("caret and seq are decimal Ints or the event is refused; seq not below zero; a missing caret is the value's end")
    func numbersAreStrict() {
        let body = "field=cvv&value=12&event=input"
        for bad in ["", "x", "1a", "+1", "%201", "1.5", "99999999999999999999", "-", "%D9%A3"] {
            #expect(Self.parse(body: body + "&caret=\(bad)") == nil, "caret \(bad)")
            #expect(Self.parse(body: body + "&seq=\(bad)") == nil, "seq \(bad)")
        }
        #expect(Self.parse(body: body + "&caret") == nil)
        #expect(Self.parse(body: body + "&seq=-1") == nil)
        #expect(Self.parse(body: body)?.caret == 2)
        #expect(Self.parse(body: body)?.seq == nil)
        #expect(Self.parse(body: body + "&caret=-3&seq=0")?.caret == -3)
        #expect(Self.parse(body: body + "&caret=%2B1&seq=%2B7").map { [$0.caret, $0.seq] } == [1, 7])
        #expect(Self.parse(body: body + "&caret=9223372036854775807&seq=007").map { [$0.caret, $0.seq] } == [Int.max, 7])
        // The first value under a name counts, as for every field.
        #expect(Self.parse(body: body + "&caret=1&caret=x")?.caret == 1)
        #expect(Self.parse(body: body + "&caret=x&caret=1") == nil)
    }

    @Test("a page's rev that is not a decimal Int is no revision, as a missing one")
    func revisionIsANumberOrNone() throws {
        let page = "page=" + String(repeating: "a", count: 26)
        func revision(_ suffix: String) throws -> Int? { try PageAddress(FormFields(urlEncoded: page + suffix)).revision }
        #expect(try revision("&rev=12") == 12)
        #expect(try revision("&rev=%2D4") == -4)
        #expect(try revision("") == nil)
        for bad in ["", "x", "+1", "1 ", "99999999999999999999"] { #expect(try revision("&rev=\(bad)") == nil) }
        let query = try FormFields(urlEncoded: "rev=5")
        let headers: HTTPHeaders = [.cardFormPage: String(repeating: "b", count: 26)]
        #expect(try PageAddress(query: query, headers: headers).revision == 5)
        #expect(try PageAddress(query: FormFields(urlEncoded: "rev=5x"), headers: headers).revision == nil)
    }

    @Test("the page id is 26 token bytes, escaped or not, else refused; a session's page is matched by its bytes")
    func pageIdIsCheckedAndMatched() throws {
        let id = String(repeating: "a", count: 25) + "b", other = String(repeating: "c", count: 26)
        let pages = [PageState(id: other), PageState(id: id)]
        #expect(try PageAddress(FormFields(urlEncoded: "page=" + id)).id == id)
        #expect(try PageAddress(FormFields(urlEncoded: "page=" + id), among: pages).id == id)
        #expect(try PageAddress(FormFields(urlEncoded: "page=" + String(id.dropLast()) + "%62"), among: pages).id == id)
        let unknown = String(repeating: "d", count: 26)
        #expect(try PageAddress(FormFields(urlEncoded: "page=" + unknown), among: pages).id == unknown)
        for bad in ["", "rev=1", "page=", "page=" + String(id.dropLast()), "page=" + id + "a", "page=" + String(id.dropLast()) + "%2B"] {
            let refusal = #expect(throws: Refusal.self, "\(bad)") { try PageAddress(FormFields(urlEncoded: bad), among: pages) }
            guard case .text(.badRequest, let why)? = refusal?.reason else { Issue.record("\(bad)"); continue }
            #expect(why == "missing or malformed page id\n")
        }
    }
}
