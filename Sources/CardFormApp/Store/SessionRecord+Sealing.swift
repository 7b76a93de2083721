import CardEngine
import Foundation
import Payments
import Synchronization

/// A session record as the Redis store keeps it: two parts sealed apart with the store key, so
/// nothing of it (card number, CVV, token, page hashes) is in Redis in plaintext.
///
/// - The record (hash field `d`, the session id as associated data): format byte 3, the record
///   version at which the configuration was last written (LEB128), then the rest of the record in
///   binary (`SealedRecordFormat+Binary`), then its payment attempts. Written on every event.
/// - The configuration (field `c`, the id and `:configuration` as associated data): one format
///   byte, then its JSON. Written when the session is created and by a write that changes it (a
///   `PATCH`), never by a keystroke: a keystroke seals and sends only what can change.
///
/// The version in the record names the configuration it goes with: the writes of `d` and `c` are
/// one script, a version is written once, so an instance that has that version of a session's
/// configuration (`configurations`) uses it without opening `c`, and otherwise opens and decodes
/// it once. Neither part opens under another session's id, nor in the other's place.
///
/// Formats 1 (JSON) and 2 (binary) of earlier builds carried the configuration inside the record,
/// before the body, and no payment attempts (they open as none yet); both still open, so a
/// shopper's form survives an instance's upgrade mid-session, and the first write after it stores
/// the configuration apart.
final class SealedRecordFormat: Sendable {
    /// The format written: bumped whenever the plaintext's layout changes. A record of a format
    /// this build does not know is refused (`StoreError.unreadable`), never misread.
    static let version: UInt8 = 3
    /// Formats read: the one written, and the two before it.
    static let readable: ClosedRange<UInt8> = 1...3
    /// The configuration part's format byte (its JSON follows).
    static let configurationFormat: UInt8 = 1
    /// Sessions whose configuration this instance keeps decoded.
    static let cachedConfigurations = 4_096

    let box: SecretBox
    private let configurations = Mutex<[String: (version: Int64, configuration: SessionConfiguration)]>([:])

    init(box: SecretBox) { self.box = box }

    /// A record as it opened, with the version its configuration was written at (nil for formats 1
    /// and 2: the configuration was inside the record, and no `c` goes with it yet).
    struct Opened: Sendable {
        var record: SessionRecord
        var configurationVersion: Int64?
    }

    /// The record part, going with the configuration written at `configurationVersion`.
    func seal(_ record: SessionRecord, configurationVersion: Int64) -> [UInt8] {
        box.seal(Self.plaintext(record, configurationVersion: configurationVersion), associatedData: Array(record.id.utf8))
    }

    /// The record part as one more frame of a command: sealed where it is sent from.
    func seal(_ record: SessionRecord, configurationVersion: Int64, into frames: inout RedisFrames) {
        frames.appendSealed(Self.plaintext(record, configurationVersion: configurationVersion), box: box, associatedData: record.id)
    }

    private static func plaintext(_ record: SessionRecord, configurationVersion: Int64) -> [UInt8] {
        var writer = ByteWriter(capacity: 2_048)
        writer.byte(version)
        writer.unsigned(UInt64(configurationVersion))
        write(record, to: &writer)
        write(record.payments, to: &writer)
        return writer.bytes
    }

    /// The configuration part.
    func sealConfiguration(_ session: CardSession) throws(StoreError) -> [UInt8] {
        var plaintext = [Self.configurationFormat]
        plaintext.append(contentsOf: try Self.json(session.configuration))
        return box.seal(plaintext, associatedData: Self.configurationData(session.id))
    }

    /// Opens a record read from Redis: `sealed` (`d`) and, when Redis has one, `configuration`
    /// (`c`), which is opened only when this instance does not hold the version the record names.
    func open(_ sealed: [UInt8], configuration: [UInt8]?, id: String) throws(StoreError) -> Opened {
        let unreadable = { (reason: UnreadableRecord.Reason, format: UInt8?, detail: String) -> StoreError in
            .unreadable(UnreadableRecord(reason: reason, format: format, session: id, detail: detail))
        }
        guard sealed.count >= SecretBox.overhead else { throw unreadable(.truncated, nil, "\(sealed.count) bytes") }
        let plaintext: [UInt8]
        do { plaintext = try box.open(sealed, associatedData: Array(id.utf8)) } catch {
            throw unreadable(.key, nil, "the session record does not open (another store.key?): \(error.message)")
        }
        guard let format = plaintext.first else { throw unreadable(.truncated, nil, "nothing inside the seal") }
        guard Self.readable.contains(format) else {
            throw unreadable(.format, format, "session record format \(format) is not \(Self.readable)")
        }
        do throws(StorageError) {
            if format < 3 { return Opened(record: try Self.openEmbedding(plaintext, format: format, id: id), configurationVersion: nil) }
            var reader = ByteReader(plaintext, from: 1)
            guard let version = Int64(exactly: try reader.unsigned()) else { throw StorageError("configuration version") }
            let configuration = try self.configuration(id: id, version: version, sealed: configuration)
            var record = try Self.record(&reader, id: id, configuration: configuration)
            record.payments = try Self.payments(&reader)
            guard reader.isAtEnd else { throw StorageError("record's end") }
            return Opened(record: record, configurationVersion: version)
        } catch {
            throw unreadable(.corrupt, format, "the session record does not read back: \(error.what)")
        }
    }

    /// Notes that Redis holds `configuration` of session `id` as written at record `version`:
    /// called once a write of it stood (never before: a write that lost must not be taken for
    /// what Redis holds) and when one is opened.
    func remember(_ id: String, version: Int64, _ configuration: SessionConfiguration) {
        configurations.withLock { cache in
            if cache.count >= Self.cachedConfigurations { cache.removeAll(keepingCapacity: true) }
            cache[id] = (version, configuration)
        }
    }

    /// The configuration written at `version`: the one this instance holds, else `sealed` opened.
    private func configuration(id: String, version: Int64, sealed: [UInt8]?) throws(StorageError) -> SessionConfiguration {
        if let cached = configurations.withLock({ $0[id] }), cached.version == version { return cached.configuration }
        // Each failure says which it is: an operator reading the 503's log line has nothing else.
        guard let sealed else { throw StorageError("configuration (none beside the record)") }
        guard let plaintext = try? box.open(sealed, associatedData: Self.configurationData(id)) else {
            throw StorageError("configuration (does not open: another store.key, or another session's)")
        }
        guard plaintext.first == Self.configurationFormat,
            let configuration = try? JSONDecoder().decode(SessionConfiguration.self, from: Data(plaintext.dropFirst()))
        else { throw StorageError("configuration (format \(plaintext.first.map(String.init) ?? "none") or its JSON)") }
        remember(id, version: version, configuration)
        return configuration
    }

    /// Formats 1 and 2: the configuration's JSON with its length (4 bytes, big-endian) after the
    /// format byte, then the body (JSON or binary).
    private static func openEmbedding(_ plaintext: [UInt8], format: UInt8, id: String) throws(StorageError) -> SessionRecord {
        guard plaintext.count >= 5 else { throw StorageError("record") }
        let length = plaintext[1..<5].reduce(0) { $0 << 8 | Int($1) }
        guard plaintext.count >= 5 + length,
            let configuration = try? JSONDecoder().decode(SessionConfiguration.self, from: Data(plaintext[5..<(5 + length)]))
        else { throw StorageError("configuration") }
        if format == 1 { return try recordFromJSON(plaintext[(5 + length)...], id: id, configuration: configuration) }
        var reader = ByteReader(plaintext, from: 5 + length)
        let record = try Self.record(&reader, id: id, configuration: configuration)
        guard reader.isAtEnd else { throw StorageError("record's end") }
        return record
    }

    /// The header of formats 1 and 2, for the writers the tests keep of them (`sealJSON`,
    /// `sealFormatTwo`): the format byte and the configuration with its length.
    static func embeddingHeader(format: UInt8, _ record: SessionRecord) throws(StoreError) -> ByteWriter {
        let configuration = try json(record.session.configuration)
        var writer = ByteWriter(capacity: 5 + configuration.count + 2_048)
        writer.byte(format)
        withUnsafeBytes(of: UInt32(configuration.count).bigEndian) { writer.raw($0) }
        writer.raw(configuration)
        return writer
    }

    private static func json(_ configuration: SessionConfiguration) throws(StoreError) -> [UInt8] {
        do { return Array(try JSONEncoder().encode(configuration)) } catch {
            throw .unavailable("cannot encode the session's configuration: \(error)")
        }
    }

    /// The configuration part's associated data: it opens only as that session's configuration.
    private static func configurationData(_ id: String) -> [UInt8] { Array((id + ":configuration").utf8) }
}
