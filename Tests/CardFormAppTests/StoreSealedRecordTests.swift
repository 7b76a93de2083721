import CardEngine
import Foundation
import Payments
import Testing
@testable import CardFormApp

/// `SealedRecordFormat` on its own, without Redis or the store's cache of recent records: what a
/// second instance (or this one after a restart) reads from a sealed record is the record written,
/// in the binary format 2 and in the JSON format 1 that builds before it wrote.
@Suite struct StoreSealedRecordTests {
    static let box = try! SecretBox(hexKey: String(repeating: "3c", count: 32))
    static let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 6))
    static let start = Date(timeIntervalSince1970: 1_800_000_000.25)

    /// A record with every part set: several pages with hashes, value-free hashes, phases and
    /// flags, card entries, errors, a co-badge pick, a BIN service's answer and a settled locale.
    static func fullRecord() -> SessionRecord {
        var configuration = SessionConfiguration()
        configuration.amount = 1_000
        configuration.currency = "EUR"
        var session = CardSession(id: "rec1", configuration: configuration, environment: environment)
        session.show(in: "fr")
        session.update(.cardNumber, value: "4000 0025 0000 1001", caret: 19, in: environment)
        _ = session.selectNetwork(.cartesBancaires, in: environment)
        session.update(.expiryDate, value: "13/", caret: 3, event: .blur, in: environment)
        session.update(.cardholderName, value: "Zoë «Ω» \"q\" \\ 😀", caret: 3, event: .focus, in: environment)
        _ = session.resolveBIN("40000025", record: BINRecord(bin: "40000025", networks: [.visa, .cartesBancaires], issuerCountry: "FR", fundingType: .debit), in: environment)
        var record = SessionRecord(session: session, token: "tok-ä", now: start)
        record.lastActiveAt = start.addingTimeInterval(12.125)
        record.noteEntry([.cardNumber, .expiryDate], by: "page-a")
        record.answerPage("page-a") { page, _, _ in
            page.revision = 7
            page.lastSeq = 41
            page.phase = .processing
            page.innerHashes = ["cvv": 7, "cardNumber": .max]
            page.hashes = ["cardNumber": .max, "expiryDate": 0, "errors.announcement": 1 << 63, "ünï": 42]
            page.valueFreeHashes = ["cardNumber": 0x0123_4567_89AB_CDEF]
        }
        record.answerPage("page-b") { page, _, _ in page.hashes = ["cvv": 9] }
        record.markPagesStale(except: "page-b")
        return record
    }

    static func plaintext(_ sealed: [UInt8], id: String) throws -> [UInt8] {
        try box.open(sealed, associatedData: Array(id.utf8))
    }

    @Test func aRecordWrittenInFormatTwoReadsBackEqualInAnotherInstance() throws {
        let record = Self.fullRecord()
        let sealed = try SealedRecordFormat(box: Self.box).seal(record)
        #expect(try Self.plaintext(sealed, id: record.id).first == 2)
        #expect(try SealedRecordFormat(box: Self.box).open(sealed, id: record.id) == record)
    }

    @Test func aRetiredRecordAndEveryStateOfTheEngineReadBackEqual() throws {
        var record = Self.fullRecord()
        record.retiredAt = Self.start.addingTimeInterval(3_600.5)
        let format = SealedRecordFormat(box: Self.box)
        for session in [record.session, CardSession(id: record.id, configuration: SessionConfiguration(), environment: Self.environment)] {
            record.session = session
            #expect(try SealedRecordFormat(box: Self.box).open(try format.seal(record), id: record.id) == record)
        }
    }

    @Test func aRecordAnEarlierBuildWroteInJSONStillOpensSoTheShopperKeepsTheForm() throws {
        let record = Self.fullRecord()
        let old = try SealedRecordFormat(box: Self.box).sealJSON(record)
        #expect(try Self.plaintext(old, id: record.id).first == 1)
        let read = try SealedRecordFormat(box: Self.box).open(old, id: record.id)
        #expect(read == record)
        #expect(read.session.value(for: .cardNumber) == "4000 0025 0000 1001")
        // Written back, it is format 2 from then on, and still the same record.
        let upgraded = try SealedRecordFormat(box: Self.box).seal(read)
        #expect(try Self.plaintext(upgraded, id: record.id).first == 2)
        #expect(try SealedRecordFormat(box: Self.box).open(upgraded, id: record.id) == record)
    }

    @Test func aFormatThisBuildDoesNotKnowIsRefusedNotMisread() throws {
        let record = Self.fullRecord()
        var plaintext = try Self.plaintext(try SealedRecordFormat(box: Self.box).seal(record), id: record.id)
        for version: UInt8 in [0, 3, 255] {
            plaintext[0] = version
            let sealed = Self.box.seal(plaintext, associatedData: Array(record.id.utf8))
            #expect(throws: StoreError.self) { try SealedRecordFormat(box: Self.box).open(sealed, id: record.id) }
        }
    }

    @Test func aCutOrLengthenedRecordIsAnErrorNeverACrash() throws {
        let record = Self.fullRecord()
        let plaintext = try Self.plaintext(try SealedRecordFormat(box: Self.box).seal(record), id: record.id)
        let format = SealedRecordFormat(box: Self.box)
        for length in stride(from: 0, to: plaintext.count, by: 1) {
            let sealed = Self.box.seal(Array(plaintext.prefix(length)), associatedData: Array(record.id.utf8))
            #expect(throws: StoreError.self) { try format.open(sealed, id: record.id) }
        }
        let longer = Self.box.seal(plaintext + [0], associatedData: Array(record.id.utf8))
        #expect(throws: StoreError.self) { try format.open(longer, id: record.id) }
    }
}
