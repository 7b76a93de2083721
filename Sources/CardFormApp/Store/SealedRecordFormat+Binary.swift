import CardEngine
import Foundation

/// The body of formats 2 and 3, after their header (`SealedRecordFormat`): the record in
/// `ByteWriter`'s binary form. Token, times (a `Double`'s bits), the pages (each block's hash as 8
/// fixed bytes), which page entered each card field, then the session (`CardSession.writeStorage`).
extension SealedRecordFormat {
    /// The record sealed in format 2 (its configuration inside), as builds before format 3 wrote
    /// it: for the tests that show such a record still opens.
    func sealFormatTwo(_ record: SessionRecord) throws(StoreError) -> [UInt8] {
        var writer = try Self.embeddingHeader(format: 2, record)
        Self.write(record, to: &writer)
        return box.seal(writer.bytes, associatedData: Array(record.id.utf8))
    }

    static func write(_ record: SessionRecord, to writer: inout ByteWriter) {
        writer.string(record.token)
        writer.double(record.createdAt.timeIntervalSince1970)
        writer.double(record.lastActiveAt.timeIntervalSince1970)
        writer.optional(record.retiredAt) { $0.double($1.timeIntervalSince1970) }
        // As `ByteWriter.list` lays them out (the count, then each), written here: its generic
        // body in another module costs thousands of instructions a keystroke.
        writer.unsigned(UInt64(record.pages.count))
        for page in record.pages { write(page: page, to: &writer) }
        writer.unsigned(UInt64(record.cardEntries.count))
        for entry in record.cardEntries.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            writer.string(entry.key.rawValue)
            writer.string(entry.value)
        }
        record.session.writeStorage(to: &writer)
    }

    static func record(_ reader: inout ByteReader, id: String, configuration: SessionConfiguration) throws(StorageError) -> SessionRecord {
        let token = try reader.string()
        let created = try reader.double()
        let active = try reader.double()
        let retired = try reader.optional { reader throws(StorageError) in try reader.double() }
        let pages = try reader.list(page)
        var entries: [FieldType: String] = [:]
        for _ in 0..<(try reader.count()) { entries[try reader.named(FieldType.self, "field")] = try reader.string() }
        var record = SessionRecord(
            session: try CardSession(id: id, configuration: configuration, storage: &reader), token: token, pages: pages,
            createdAt: Date(timeIntervalSince1970: created), lastActiveAt: Date(timeIntervalSince1970: active),
            retiredAt: retired.map(Date.init(timeIntervalSince1970:)))
        record.cardEntries = entries
        return record
    }

    /// Format 3's end: the last attempt's number (LEB128), and a byte 1 when its outcome is unknown.
    static func write(_ payments: PaymentAttempts, to writer: inout ByteWriter) {
        writer.unsigned(UInt64(payments.last))
        writer.byte(payments.isUnknown ? 1 : 0)
    }

    static func payments(_ reader: inout ByteReader) throws(StorageError) -> PaymentAttempts {
        guard let last = Int(exactly: try reader.unsigned()) else { throw StorageError("payment attempt") }
        let unknown = try reader.byte()
        guard unknown <= 1 else { throw StorageError("payment attempt's outcome") }
        return PaymentAttempts(last: last, isUnknown: unknown == 1)
    }

    /// Flags of a page, one bit each.
    private static let staleFlag: UInt8 = 1

    private static func write(page: PageState, to writer: inout ByteWriter) {
        writer.string(page.id)
        writer.int(page.revision)
        writer.int(page.lastSeq)
        writer.optional(page.phase) { $0.string($1.rawValue) }
        writer.byte(page.isStale ? staleFlag : 0)
        write(page.blocks, to: &writer)
    }

    private static func page(_ reader: inout ByteReader) throws(StorageError) -> PageState {
        var page = PageState(id: try reader.string())
        page.revision = try reader.int()
        page.lastSeq = try reader.int()
        page.phase = try reader.optional { reader throws(StorageError) in try reader.named(SessionPhase.Name.self, "phase") }
        let flags = try reader.byte()
        guard flags & ~staleFlag == 0 else { throw StorageError("page flags") }
        page.isStale = flags & staleFlag != 0
        try hashes(&reader) { key, hash in page.blocks[key] = HeldBlock(own: hash) }
        // Only for blocks the page holds: no entry is made for any other.
        try hashes(&reader) { key, hash in page.blocks[key]?.valueFree = hash }
        try hashes(&reader) { key, hash in page.blocks[key]?.inner = hash }
        return page
    }

    /// The blocks' hashes as three lists of key and hash, one per kind (the blocks that have
    /// one): every block's own, then the value-free ones, then the inner ones (`HashBytes`).
    private static func write(_ blocks: [String: HeldBlock], to writer: inout ByteWriter) {
        writer.raw(HashBytes.lists(blocks))
    }

    private static func hashes(_ reader: inout ByteReader, _ each: (String, UInt64) -> Void) throws(StorageError) {
        for _ in 0..<(try reader.count()) { each(try reader.string(), try reader.fixed64()) }
    }
}
