import CardEngine
import Foundation
import Payments
import Testing
@testable import CardFormApp

/// `SealedRecordFormat` on its own, without Redis or the store's cache of recent records: what a
/// second instance (or this one after a restart) reads from a sealed record is the record written,
/// in the binary format 3 (its configuration apart), and in the formats 2 and 1 that builds before it
/// wrote.
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
            page.blocks = [
                "cardNumber": HeldBlock(own: .max, valueFree: 0x0123_4567_89AB_CDEF, inner: .max), "cvv": HeldBlock(own: 3, inner: 7),
                "expiryDate": HeldBlock(own: 0), "errors.announcement": HeldBlock(own: 1 << 63), "ünï": HeldBlock(own: 42),
            ]
        }
        record.answerPage("page-b") { page, _, _ in page.blocks = ["cvv": HeldBlock(own: 9)] }
        record.markPagesStale(except: "page-b")
        record.payments = PaymentAttempts(last: 300, isUnknown: true)
        return record
    }

    static func plaintext(_ sealed: [UInt8], id: String) throws -> [UInt8] {
        try box.open(sealed, associatedData: Array(id.utf8))
    }

    /// The record sealed in format 3 as a write stores it: its two parts.
    static func sealed(_ record: SessionRecord, by format: SealedRecordFormat = SealedRecordFormat(box: box)) throws -> (record: [UInt8], configuration: [UInt8]) {
        (format.seal(record, configurationVersion: 5), try format.sealConfiguration(record.session))
    }

    @Test func aRecordWrittenInFormatThreeReadsBackEqualInAnotherInstance() throws {
        let record = Self.fullRecord()
        let (sealed, configuration) = try Self.sealed(record)
        #expect(try Self.plaintext(sealed, id: record.id).first == 3)
        let opened = try SealedRecordFormat(box: Self.box).open(sealed, configuration: configuration, id: record.id)
        #expect(opened.record == record)
        #expect(opened.configurationVersion == 5)
    }

    /// The page hashes are laid out by hand (`HashBytes`): byte for byte what `ByteWriter` writes,
    /// with counts and key lengths past one LEB128 byte, and they read back through `ByteReader`.
    @Test func pageHashesAreWrittenExactlyAsByteWriterWouldWriteThem() throws {
        var blocks: [String: HeldBlock] = ["ünï": HeldBlock(own: .max, valueFree: 1, inner: 1 << 63), String(repeating: "k", count: 300): HeldBlock(own: 0x0102_0304_0506_0708)]
        for index in 0..<140 { blocks["b\(index)"] = HeldBlock(own: UInt64(index) &* 0x9E37_79B9_7F4A_7C15, inner: index % 3 == 0 ? UInt64(index + 1) : nil) }
        var expected = ByteWriter()
        for hash in [{ (block: HeldBlock) in Optional(block.own) }, \.valueFree, \.inner] as [(HeldBlock) -> UInt64?] {
            expected.unsigned(UInt64(blocks.values.count { hash($0) != nil }))
            for (key, block) in blocks {
                guard let value = hash(block) else { continue }
                expected.string(key)
                expected.fixed64(value)
            }
        }
        #expect(HashBytes.lists(blocks) == expected.bytes)
        #expect(HashBytes.lists([:]) == [0, 0, 0])
        var record = Self.fullRecord()
        record.answerPage("page-b") { page, _, _ in page.blocks = blocks }
        let (sealed, configuration) = try Self.sealed(record)
        let opened = try SealedRecordFormat(box: Self.box).open(sealed, configuration: configuration, id: record.id)
        #expect(opened.record.page("page-b")?.blocks == blocks)
    }

    @Test func theRecordPartCarriesNoConfigurationWhichAnInstanceHoldingItsVersionDoesNotOpenAgain() throws {
        let original = Self.fullRecord()
        var record = original
        let (sealed, configuration) = try Self.sealed(record)
        let withoutConfiguration = try Self.plaintext(sealed, id: record.id).count
        var configured = record.session.configuration
        configured.metadata = .object(JSONObject([("order", .string(String(repeating: "x", count: 500)))]))
        _ = record.session.reconfigure(configured, in: Self.environment)
        #expect(try Self.plaintext(Self.sealed(record).record, id: record.id).count <= withoutConfiguration + 8, "a bigger configuration leaves the record part as it was")

        let reader = SealedRecordFormat(box: Self.box)
        #expect(throws: StoreError.self, "a fresh instance needs the configuration part") { try reader.open(sealed, configuration: nil, id: record.id) }
        _ = try reader.open(sealed, configuration: configuration, id: record.id)
        #expect(try reader.open(sealed, configuration: nil, id: record.id).record == original, "then it holds version 5's")
        let later = reader.seal(original, configurationVersion: 6)
        #expect(throws: StoreError.self, "another version is opened again") { try reader.open(later, configuration: nil, id: record.id) }
    }

    @Test func theConfigurationPartOpensOnlyAsItsOwnSessionsConfiguration() throws {
        let record = Self.fullRecord()
        let (sealed, configuration) = try Self.sealed(record)
        let format = SealedRecordFormat(box: Self.box)
        #expect(throws: StoreError.self, "the parts swapped") { try format.open(configuration, configuration: sealed, id: record.id) }
        var other = Self.fullRecord()
        other.session = CardSession(id: "rec2", configuration: SessionConfiguration(), environment: Self.environment)
        #expect(throws: StoreError.self, "another session's configuration") {
            try format.open(sealed, configuration: try format.sealConfiguration(other.session), id: record.id)
        }
    }

    @Test func aConfigurationPartThatDoesNotServeSaysWhyInTheStoresError() throws {
        let record = Self.fullRecord()
        let sealed = try Self.sealed(record).record
        let format = SealedRecordFormat(box: Self.box)
        let other = CardSession(id: "rec2", configuration: SessionConfiguration(), environment: Self.environment)
        let cases: [([UInt8]?, String)] = [(nil, "none beside the record"), (try format.sealConfiguration(other), "does not open")]
        for (configuration, why) in cases {
            do {
                _ = try format.open(sealed, configuration: configuration, id: record.id)
                Issue.record("opened without its configuration")
            } catch {
                #expect(String(describing: error).contains(why))
            }
        }
    }

    @Test func aRetiredRecordAndEveryStateOfTheEngineReadBackEqual() throws {
        var record = Self.fullRecord()
        record.retiredAt = Self.start.addingTimeInterval(3_600.5)
        for session in [record.session, CardSession(id: record.id, configuration: SessionConfiguration(), environment: Self.environment)] {
            record.session = session
            let (sealed, configuration) = try Self.sealed(record)
            #expect(try SealedRecordFormat(box: Self.box).open(sealed, configuration: configuration, id: record.id).record == record)
        }
    }

    @Test(arguments: [1, 2] as [UInt8])
    func aRecordAnEarlierBuildWroteStillOpensSoTheShopperKeepsTheForm(format version: UInt8) throws {
        let record = Self.fullRecord()
        let format = SealedRecordFormat(box: Self.box)
        let old = version == 1 ? try format.sealJSON(record) : try format.sealFormatTwo(record)
        #expect(try Self.plaintext(old, id: record.id).first == version)
        let read = try SealedRecordFormat(box: Self.box).open(old, configuration: nil, id: record.id)
        #expect(read.record.payments == PaymentAttempts(), "they kept no payment attempts: none yet")
        var expected = record
        expected.payments = PaymentAttempts()
        #expect(read.record == expected)
        #expect(read.configurationVersion == nil, "no configuration part goes with it yet")
        #expect(read.record.session.value(for: .cardNumber) == "4000 0025 0000 1001")
        // Written back, it is format 3 from then on, and still the same record.
        let (upgraded, configuration) = try Self.sealed(read.record)
        #expect(try Self.plaintext(upgraded, id: record.id).first == 3)
        #expect(try SealedRecordFormat(box: Self.box).open(upgraded, configuration: configuration, id: record.id).record == expected)
    }

    @Test(arguments: [PaymentAttempts(), PaymentAttempts(last: 1, isUnknown: false), PaymentAttempts(last: 2, isUnknown: true)])
    func thePaymentAttemptsReadBackInAnotherInstance(_ payments: PaymentAttempts) throws {
        var record = Self.fullRecord()
        record.payments = payments
        let (sealed, configuration) = try Self.sealed(record)
        #expect(try SealedRecordFormat(box: Self.box).open(sealed, configuration: configuration, id: record.id).record.payments == payments)
    }

    @Test func aFormatThisBuildDoesNotKnowIsRefusedNotMisread() throws {
        let record = Self.fullRecord()
        let (sealed, configuration) = try Self.sealed(record)
        var plaintext = try Self.plaintext(sealed, id: record.id)
        for version: UInt8 in [0, 4, 255] {
            plaintext[0] = version
            let changed = Self.box.seal(plaintext, associatedData: Array(record.id.utf8))
            #expect(Self.unreadable(changed, configuration, id: record.id)?.reason == .format)
            #expect(Self.unreadable(changed, configuration, id: record.id)?.format == version)
        }
    }

    /// Why `sealed` does not open as a record (nil: it opens, or fails otherwise).
    static func unreadable(_ sealed: [UInt8], _ configuration: [UInt8]?, id: String) -> UnreadableRecord? {
        do {
            _ = try SealedRecordFormat(box: box).open(sealed, configuration: configuration, id: id)
            return nil
        } catch {
            if case .unreadable(let why) = error { return why }
            return nil
        }
    }

    @Test func aRecordCutBelowASealOrSealedUnderAnotherKeyOrIdSaysWhich() throws {
        let record = Self.fullRecord()
        let (sealed, configuration) = try Self.sealed(record)
        for length in [0, 1, SecretBox.overhead - 1] {
            #expect(Self.unreadable(Array(sealed.prefix(length)), configuration, id: record.id)?.reason == .truncated)
        }
        #expect(Self.unreadable(Array(sealed.dropLast()), configuration, id: record.id)?.reason == .key, "the seal covers every byte")
        let other = try SecretBox(hexKey: String(repeating: "a5", count: 32))
        let foreign = other.seal(try Self.plaintext(sealed, id: record.id), associatedData: Array(record.id.utf8))
        #expect(Self.unreadable(foreign, configuration, id: record.id)?.reason == .key)
        #expect(Self.unreadable(sealed, configuration, id: "rec2")?.reason == .key, "another session's record")
        let unreadable = try #require(Self.unreadable(foreign, configuration, id: record.id))
        #expect(unreadable.session == record.id && unreadable.format == nil)
    }

    @Test func aCutOrLengthenedRecordIsAnErrorNeverACrash() throws {
        let record = Self.fullRecord()
        let (sealed, configuration) = try Self.sealed(record)
        let plaintext = try Self.plaintext(sealed, id: record.id)
        let format = SealedRecordFormat(box: Self.box)
        for length in stride(from: 0, to: plaintext.count, by: 1) {
            let cut = Self.box.seal(Array(plaintext.prefix(length)), associatedData: Array(record.id.utf8))
            #expect(throws: StoreError.self) { try format.open(cut, configuration: configuration, id: record.id) }
            let why = Self.unreadable(cut, configuration, id: record.id)
            #expect(why?.reason == (length == 0 ? .truncated : .corrupt) && why?.format == (length == 0 ? nil : 3))
        }
        let longer = Self.box.seal(plaintext + [0], associatedData: Array(record.id.utf8))
        #expect(throws: StoreError.self) { try format.open(longer, configuration: configuration, id: record.id) }
        #expect(Self.unreadable(longer, configuration, id: record.id)?.reason == .corrupt)
    }
}
