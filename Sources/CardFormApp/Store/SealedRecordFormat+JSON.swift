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
        object["hashes"] = .object(JSONObject(page.hashes.sorted { $0.key < $1.key }.map { ($0.key, .number(String($0.value))) }))
        object["phase"] = page.phase.map { .string($0.rawValue) }
        if page.isStale { object["stale"] = .bool(true) }
        if !page.valueFreeHashes.isEmpty {
            object["valueFree"] = .object(JSONObject(page.valueFreeHashes.sorted { $0.key < $1.key }.map { ($0.key, .number(String($0.value))) }))
        }
        if !page.innerHashes.isEmpty {
            object["inner"] = .object(JSONObject(page.innerHashes.sorted { $0.key < $1.key }.map { ($0.key, .number(String($0.value))) }))
        }
        return .object(object)
    }

    private static func hashes(_ value: JSONValue?) throws(StorageError) -> [String: UInt64] {
        var hashes: [String: UInt64] = [:]
        for (key, value) in value?.objectValue?.members ?? [] {
            guard case .number(let literal) = value, let hash = UInt64(literal) else { throw StorageError("hash") }
            hashes[key] = hash
        }
        return hashes
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
        page.hashes = try hashes(object["hashes"])
        page.valueFreeHashes = try hashes(object["valueFree"])
        page.innerHashes = try hashes(object["inner"])
        return page
    }

    private static func storage(_ date: Date) -> JSONValue { .number(String(date.timeIntervalSince1970)) }

    private static func date(_ value: JSONValue?) throws(StorageError) -> Date {
        guard case .number(let literal)? = value, let seconds = Double(literal) else { throw StorageError("date") }
        return Date(timeIntervalSince1970: seconds)
    }
}
