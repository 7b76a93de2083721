import CardEngine
import Foundation

/// Format 1's body, after the configuration (`SealedRecordFormat.embeddingHeader`): the record as
/// compact JSON, with the session as `CardSession.storageJSON` and page hashes as JSON numbers.
/// Builds before format 2 wrote it; it is still read, so a session survives an instance's upgrade
/// mid-form. Written only by `sealJSON`, which the tests use to make such a record.
extension SealedRecordFormat {
    /// The record sealed in format 1, as a build before format 2 wrote it.
    func sealJSON(_ record: SessionRecord) throws(StoreError) -> [UInt8] {
        var object = JSONObject()
        object["token"] = .string(record.token)
        object["created"] = Self.storage(record.createdAt)
        object["active"] = Self.storage(record.lastActiveAt)
        object["retired"] = record.retiredAt.map(Self.storage)
        object["pages"] = .array(record.pages.map(Self.storage))
        if !record.cardEntries.isEmpty {
            object["entries"] = .object(JSONObject(record.cardEntries.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, .string($0.value)) }))
        }
        object["session"] = record.session.storageJSON
        var writer = try Self.embeddingHeader(format: 1, record)
        writer.raw(JSONValue.object(object).serialized.utf8)
        return box.seal(writer.bytes, associatedData: Array(record.id.utf8))
    }

    static func recordFromJSON(_ text: ArraySlice<UInt8>, id: String, configuration: SessionConfiguration) throws(StorageError) -> SessionRecord {
        guard let object = (try? JSONValue.parse(text))?.objectValue else { throw StorageError("record") }
        let session = try CardSession(id: id, configuration: configuration, storageJSON: object["session"] ?? .null)
        var record = SessionRecord(
            session: session, token: try StorageReader.string(object["token"]),
            pages: try (object["pages"]?.arrayValue ?? []).map(Self.page),
            createdAt: try Self.date(object["created"]), lastActiveAt: try Self.date(object["active"]),
            retiredAt: try object["retired"].map { value throws(StorageError) in try Self.date(value) })
        for (name, page) in object["entries"]?.objectValue?.members ?? [] {
            record.cardEntries[try StorageReader.field(.string(name))] = try StorageReader.string(page)
        }
        return record
    }

    private static func storage(_ page: PageState) -> JSONValue {
        var object = JSONObject([("id", .string(page.id)), ("rev", .integer(page.revision)), ("seq", .integer(page.lastSeq))])
        object["hashes"] = storage(page.blocks) { $0.own }
        object["phase"] = page.phase.map { .string($0.rawValue) }
        if page.isStale { object["stale"] = .bool(true) }
        if page.blocks.values.contains(where: { $0.valueFree != nil }) { object["valueFree"] = storage(page.blocks) { $0.valueFree } }
        if page.blocks.values.contains(where: { $0.inner != nil }) { object["inner"] = storage(page.blocks) { $0.inner } }
        return .object(object)
    }

    /// One kind of the blocks' hashes, by key (the blocks that have one), in key order.
    private static func storage(_ blocks: [String: HeldBlock], _ hash: (HeldBlock) -> UInt64?) -> JSONValue {
        .object(JSONObject(blocks.sorted { $0.key < $1.key }.compactMap { key, block in hash(block).map { (key, .number(String($0))) } }))
    }

    private static func hashes(_ value: JSONValue?, _ each: (String, UInt64) -> Void) throws(StorageError) {
        for (key, value) in value?.objectValue?.members ?? [] {
            guard case .number(let literal) = value, let hash = UInt64(literal) else { throw StorageError("hash") }
            each(key, hash)
        }
    }

    private static func page(_ value: JSONValue) throws(StorageError) -> PageState {
        let object = try StorageReader.object(value)
        var page = PageState(id: try StorageReader.string(object["id"]))
        page.revision = try StorageReader.int(object["rev"])
        page.lastSeq = try StorageReader.int(object["seq"])
        if let phase = object["phase"] {
            guard let name = phase.stringValue.flatMap(SessionPhase.Name.init(rawValue:)) else { throw StorageError("phase") }
            page.phase = name
        }
        page.isStale = object["stale"]?.boolValue ?? false
        try hashes(object["hashes"]) { key, hash in page.blocks[key] = HeldBlock(own: hash) }
        // Only for blocks the page holds: no entry is made for any other.
        try hashes(object["valueFree"]) { key, hash in page.blocks[key]?.valueFree = hash }
        try hashes(object["inner"]) { key, hash in page.blocks[key]?.inner = hash }
        return page
    }

    private static func storage(_ date: Date) -> JSONValue { .number(String(date.timeIntervalSince1970)) }

    private static func date(_ value: JSONValue?) throws(StorageError) -> Date {
        guard case .number(let literal)? = value, let seconds = Double(literal) else { throw StorageError("date") }
        return Date(timeIntervalSince1970: seconds)
    }
}
