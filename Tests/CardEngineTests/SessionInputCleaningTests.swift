import CardEngine
import Testing

/// What a browser (or a crafted request) sends for a field is kept without control characters:
/// found by the session fuzz target (a NUL in a name made the state JSON unreadable by our own
/// parser, which refuses `\u0000`).
@Suite struct SessionInputCleaningTests {
    @Test("a NUL is dropped, tabs and line breaks become spaces, and the caret moves with the text", arguments: [
        ("Jo\u{0}hn", 5, "John", 4),
        ("John\tSmith", 10, "John Smith", 10),
        ("Jane\r\nDoe", 3, "Jane  Doe", 3),
        ("\u{1}\u{7F}Ann", 5, "Ann", 3),
    ])
    func controlCharactersAreCleaned(typed: String, caret: Int, kept: String, keptCaret: Int) throws {
        var session = try Fixtures.session()
        let update = session.update(.cardholderName, value: typed, caret: caret, in: environment)
        #expect(update.formatted.value == kept)
        #expect(update.formatted.caret == keptCaret)
        #expect(session.value(for: .cardholderName) == kept)
    }

    @Test("the state of a session fed control characters parses back with the strict JSON parser")
    func stateStaysReadable() throws {
        var session = try Fixtures.session(#"{"billingFields": ["addressLine1", "city"]}"#)
        _ = session.update(.cardholderName, value: "0000\u{0}10", caret: 7, in: environment)
        _ = session.update(.addressLine1, value: "1 rue\u{0B}Haute", caret: 3, in: environment)
        _ = session.update(.cardNumber, value: "4242\n4242\u{0}4242 4242", caret: 2, in: environment)
        let state = session.stateJSON(in: environment)
        #expect(try JSONValue.parse(state.serialized) == state)
    }

    @Test("a value over 512 UTF-16 units is cut there")
    func longValuesAreBounded() throws {
        var session = try Fixtures.session()
        let update = session.update(.cardholderName, value: String(repeating: "a", count: 600), caret: 600, in: environment)
        #expect(update.formatted.value.utf16.count <= 512)
    }
}
