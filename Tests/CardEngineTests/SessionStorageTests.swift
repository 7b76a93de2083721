import Testing
@testable import CardEngine

/// `CardSession.storageJSON` and back: every part of the state a store writes out reads back equal,
/// in every phase, with errors, a co-badge pick and a BIN service's answer.
@Suite struct SessionStorageTests {
    static let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 6))

    static func roundTrip(_ session: CardSession) throws -> CardSession {
        let text = session.storageJSON.serialized
        return try CardSession(id: session.id, configuration: session.configuration, storageJSON: try JSONValue.parse(text))
    }

    static func states() -> [CardSession] {
        var configuration = SessionConfiguration()
        configuration.amount = 1_000
        configuration.currency = "EUR"
        var typed = CardSession(id: "s1", configuration: configuration, environment: environment)
        typed.update(.cardNumber, value: "4000 0025 0000 1001", caret: 19, in: environment)
        _ = typed.selectNetwork(.cartesBancaires, in: environment)
        typed.update(.expiryDate, value: "13/", caret: 3, event: .blur, in: environment)
        typed.update(.cardholderName, value: "ada", caret: 3, event: .focus, in: environment)
        var remote = CardSession(id: "s2", configuration: configuration, environment: environment)
        remote.update(.cardNumber, value: "5555 5555", caret: 9, in: environment)
        _ = remote.resolveBIN("55555555", record: BINRecord(bin: "55555555", networks: [.mastercard], issuerCountry: "FR", fundingType: .debit), in: environment)
        var paying = CardSession(id: "s3", configuration: configuration, environment: environment)
        for (field, value) in [(FieldType.cardNumber, "4242424242424242"), (.expiryDate, "12/30"), (.cvv, "123"), (.cardholderName, "Ada")] {
            paying.update(field, value: value, caret: value.utf16.count, event: .paste, in: environment)
        }
        _ = paying.submit(in: environment)
        var failed = paying
        failed.paymentResult(.failed(id: "pay_1", declineCode: "card_declined", message: "No"))
        var succeeded = paying
        succeeded.paymentResult(.succeeded(id: "pay_2"))
        var cancelled = failed
        _ = cancelled.cancel()
        var expired = typed
        _ = expired.expire()
        return [typed, remote, paying, failed, succeeded, cancelled, expired]
    }

    @Test func everyStateReadsBackEqual() throws {
        for session in Self.states() {
            #expect(try Self.roundTrip(session) == session, "\(session.phase.name)")
        }
    }

    @Test func aStoredStateThatDoesNotReadIsAnErrorNotACrash() {
        for text in [#"{}"#, #"{"phase":{"name":"paid"}}"#, #"[1]"#] {
            #expect(throws: StorageError.self) {
                try CardSession(id: "s", configuration: SessionConfiguration(), storageJSON: try JSONValue.parse(text))
            }
        }
    }
}
