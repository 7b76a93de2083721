import CardEngine
import Foundation
import Payments
import Synchronization

/// A session record as the Redis store keeps it: one format byte, the configuration's JSON with
/// its length (4 bytes, big-endian) before it, then the rest of the record as compact JSON, the
/// whole sealed with the store key and the session id as associated data. Nothing of
/// the record (card number, CVV, token, page hashes) is in Redis in plaintext, and a record copied
/// under another session's key does not open.
///
/// Written and read on every keystroke, so by hand with the engine's JSON reader and writer
/// (`CardSession.storageJSON`); only the configuration, fixed for the session's life, goes through
/// `Codable`, once per session and instance (`configurations` keeps it by id; its bytes are
/// compared, never parsed again).
final class SealedRecordFormat: Sendable {
    /// Bumped whenever the plaintext's layout changes; a record of another format is refused
    /// (`StoreError.unavailable`), never misread.
    static let version: UInt8 = 1
    /// Sessions whose configuration this instance has already encoded or decoded.
    static let cachedConfigurations = 4_096

    let box: SecretBox
    private let configurations = Mutex<[String: (bytes: [UInt8], configuration: SessionConfiguration)]>([:])

    init(box: SecretBox) { self.box = box }

    func seal(_ record: SessionRecord) throws(StoreError) -> [UInt8] {
        var object = JSONObject()
        object["token"] = .string(record.token)
        object["created"] = Self.storage(record.createdAt)
        object["active"] = Self.storage(record.lastActiveAt)
        object["retired"] = record.retiredAt.map(Self.storage)
        object["pages"] = .array(record.pages.map(Self.storage))
        // Which page entered each card field: the only one shown it (SessionRecord+CardData).
        if !record.cardEntries.isEmpty {
            object["entries"] = .object(JSONObject(record.cardEntries.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, .string($0.value)) }))
        }
        object["session"] = record.session.storageJSON
        let configuration = try configurationBytes(record.session)
        var plaintext = [Self.version]
        withUnsafeBytes(of: UInt32(configuration.count).bigEndian) { plaintext.append(contentsOf: $0) }
        plaintext.append(contentsOf: configuration)
        plaintext.append(contentsOf: JSONValue.object(object).serialized.utf8)
        return box.seal(plaintext, associatedData: Array(record.id.utf8))
    }

    func open(_ sealed: [UInt8], id: String) throws(StoreError) -> SessionRecord {
        let plaintext: [UInt8]
        do { plaintext = try box.open(sealed, associatedData: Array(id.utf8)) } catch {
            throw .unavailable("the session record does not open (another store.key?): \(error.message)")
        }
        guard plaintext.first == Self.version else {
            throw .unavailable("session record format \(plaintext.first.map(String.init) ?? "none") is not \(Self.version)")
        }
        do throws(StorageError) {
            guard plaintext.count >= 5 else { throw StorageError("record") }
            let length = plaintext[1..<5].reduce(0) { $0 << 8 | Int($1) }
            guard plaintext.count >= 5 + length else { throw StorageError("configuration") }
            let configuration = try configuration(id: id, bytes: plaintext[5..<(5 + length)])
            guard let object = (try? JSONValue.parse(plaintext[(5 + length)...]))?.objectValue else { throw StorageError("record") }
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
        } catch {
            throw .unavailable("the session record does not read back: \(error.what)")
        }
    }

    /// The configuration's JSON, encoded once per session.
    private func configurationBytes(_ session: CardSession) throws(StoreError) -> [UInt8] {
        // A PATCH may change the configuration: the cached bytes serve only while it is the same.
        if let cached = configurations.withLock({ $0[session.id] }), cached.configuration == session.configuration { return cached.bytes }
        let bytes: [UInt8]
        do { bytes = Array(try JSONEncoder().encode(session.configuration)) } catch {
            throw .unavailable("cannot encode the session's configuration: \(error)")
        }
        remember(session.id, bytes, session.configuration)
        return bytes
    }

    /// The configuration `bytes` describe, decoded once per session.
    private func configuration(id: String, bytes: ArraySlice<UInt8>) throws(StorageError) -> SessionConfiguration {
        if let cached = configurations.withLock({ $0[id] }), cached.bytes.elementsEqual(bytes) { return cached.configuration }
        guard let configuration = try? JSONDecoder().decode(SessionConfiguration.self, from: Data(bytes)) else {
            throw StorageError("configuration")
        }
        remember(id, Array(bytes), configuration)
        return configuration
    }

    private func remember(_ id: String, _ bytes: [UInt8], _ configuration: SessionConfiguration) {
        configurations.withLock { cache in
            if cache.count >= Self.cachedConfigurations { cache.removeAll(keepingCapacity: true) }
            cache[id] = (bytes, configuration)
        }
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
