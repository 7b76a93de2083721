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

/// `CardSession.writeStorage` (the Redis store's format 2) and back, and the `ByteWriter` and
/// `ByteReader` it is written with, at the edges of each kind of value.
@Suite struct SessionBytesTests {
    static func roundTrip(_ session: CardSession) throws -> CardSession {
        var writer = ByteWriter()
        session.writeStorage(to: &writer)
        var reader = ByteReader(writer.bytes)
        let read = try CardSession(id: session.id, configuration: session.configuration, storage: &reader)
        #expect(reader.isAtEnd)
        return read
    }

    @Test func everyStateReadsBackEqual() throws {
        for session in SessionStorageTests.states() {
            #expect(try Self.roundTrip(session) == session, "\(session.phase.name)")
        }
    }

    @Test func everyCutOfAStoredStateIsAnErrorNotACrash() {
        for session in SessionStorageTests.states() {
            var writer = ByteWriter()
            session.writeStorage(to: &writer)
            for length in 0..<writer.bytes.count {
                var reader = ByteReader(Array(writer.bytes.prefix(length)))
                #expect(throws: StorageError.self) {
                    try CardSession(id: session.id, configuration: session.configuration, storage: &reader)
                }
            }
        }
    }

    @Test func numbersAtTheEdgesReadBackEqual() throws {
        let unsigned: [UInt64] = [0, 1, 127, 128, 255, 16_383, 16_384, UInt64(UInt32.max), .max - 1, .max]
        let signed: [Int] = [0, 1, -1, 63, -64, 64, -65, .max, .min, .max - 1, .min + 1]
        let doubles: [Double] = [0, -0.0, 1_800_000_000.123456, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        var writer = ByteWriter()
        unsigned.forEach { writer.unsigned($0) }
        signed.forEach { writer.int($0) }
        unsigned.forEach { writer.fixed64($0) }
        doubles.forEach { writer.double($0) }
        writer.double(.nan)
        var reader = ByteReader(writer.bytes)
        #expect(try unsigned.map { _ in try reader.unsigned() } == unsigned)
        #expect(try signed.map { _ in try reader.int() } == signed)
        #expect(try unsigned.map { _ in try reader.fixed64() } == unsigned)
        #expect(try doubles.map { _ in try reader.double() }.map(\.bitPattern) == doubles.map(\.bitPattern))
        #expect(try reader.double().bitPattern == Double.nan.bitPattern)
        #expect(reader.isAtEnd)
    }

    @Test func theWriterUsesTheShortestForms() {
        var writer = ByteWriter()
        writer.unsigned(127)
        writer.unsigned(128)
        writer.int(-1)
        writer.int(1)
        writer.fixed64(1)
        #expect(writer.bytes == [0x7F, 0x80, 0x01, 0x01, 0x02, 1, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test func stringsOfEveryKindReadBackEqual() throws {
        let texts = ["", "a", "Zoë", "\"\\/\u{08}\u{0C}\n\r\t", "\u{01}\u{1F}\u{7F}", "<>&\u{2028}\u{2029}", "😀 Ω 日本", String(repeating: "x", count: 300)]
        var writer = ByteWriter()
        writer.list(texts) { $0.string($1) }
        writer.optional(nil as String?) { $0.string($1) }
        writer.optional("set") { $0.string($1) }
        var reader = ByteReader(writer.bytes)
        #expect(try reader.list { reader throws(StorageError) in try reader.string() } == texts)
        #expect(try reader.optional { reader throws(StorageError) in try reader.string() } == nil)
        #expect(try reader.optional { reader throws(StorageError) in try reader.string() } == "set")
        #expect(reader.isAtEnd)
    }

    @Test func damagedBytesAreErrorsNotCrashes() {
        let cases: [(String, [UInt8])] = [
            ("a string that is not UTF-8", [2, 0xC3, 0x28]),
            ("a lone surrogate's bytes", [3, 0xED, 0xA0, 0x80]),
            ("a string longer than the bytes left", [5, 0x61]),
            ("an unsigned number past 64 bits", [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02]),
            ("an unsigned number that never ends", [0x80, 0x80]),
        ]
        for (name, bytes) in cases {
            var reader = ByteReader(bytes)
            #expect(throws: StorageError.self, "\(name)") {
                if name.hasPrefix("an unsigned") { _ = try reader.unsigned() } else { _ = try reader.string() }
            }
        }
        var flags = ByteReader([2])
        #expect(throws: StorageError.self) { try flags.bool() }
        var short = ByteReader([1, 2, 3])
        #expect(throws: StorageError.self) { try short.fixed64() }
        var many = ByteReader([0xFF, 0xFF, 0x03])
        #expect(throws: StorageError.self) { try many.list { reader throws(StorageError) in try reader.byte() } }
    }
}
