import CardEngine
import Foundation
import Payments
import Synchronization

/// A session record as the Redis store keeps it: one format byte, the configuration's JSON with
/// its length (4 bytes, big-endian) before it, then the rest of the record, the whole sealed with
/// the store key and the session id as associated data. Nothing of the record (card number, CVV,
/// token, page hashes) is in Redis in plaintext, and a record copied under another session's key
/// does not open.
///
/// Written and read on every keystroke: the rest of the record is binary (format 2,
/// `SealedRecordFormat+Binary`: page hashes as 8 fixed bytes, strings as length and bytes), and
/// records of format 1 (compact JSON, `SealedRecordFormat+JSON`) that earlier builds wrote still
/// open, so a shopper's form survives an instance's upgrade mid-session. Only the configuration,
/// fixed for the session's life, goes through `Codable`, once per session and instance
/// (`configurations` keeps it by id; its bytes are compared, never parsed again).
final class SealedRecordFormat: Sendable {
    /// The format written: bumped whenever the plaintext's layout changes. A record of a format
    /// this build does not know is refused (`StoreError.unavailable`), never misread.
    static let version: UInt8 = 2
    /// Formats read: the one written, and the JSON one before it.
    static let readable: ClosedRange<UInt8> = 1...2
    /// Sessions whose configuration this instance has already encoded or decoded.
    static let cachedConfigurations = 4_096

    let box: SecretBox
    private let configurations = Mutex<[String: (bytes: [UInt8], configuration: SessionConfiguration)]>([:])

    init(box: SecretBox) { self.box = box }

    func seal(_ record: SessionRecord) throws(StoreError) -> [UInt8] {
        var writer = try header(version: Self.version, record)
        Self.write(record, to: &writer)
        return box.seal(writer.bytes, associatedData: Array(record.id.utf8))
    }

    func open(_ sealed: [UInt8], id: String) throws(StoreError) -> SessionRecord {
        let plaintext: [UInt8]
        do { plaintext = try box.open(sealed, associatedData: Array(id.utf8)) } catch {
            throw .unavailable("the session record does not open (another store.key?): \(error.message)")
        }
        guard let version = plaintext.first, Self.readable.contains(version) else {
            throw .unavailable("session record format \(plaintext.first.map(String.init) ?? "none") is not \(Self.readable)")
        }
        do throws(StorageError) {
            guard plaintext.count >= 5 else { throw StorageError("record") }
            let length = plaintext[1..<5].reduce(0) { $0 << 8 | Int($1) }
            guard plaintext.count >= 5 + length else { throw StorageError("configuration") }
            let configuration = try configuration(id: id, bytes: plaintext[5..<(5 + length)])
            if version == 1 { return try Self.recordFromJSON(plaintext[(5 + length)...], id: id, configuration: configuration) }
            var reader = ByteReader(plaintext, from: 5 + length)
            let record = try Self.record(&reader, id: id, configuration: configuration)
            guard reader.isAtEnd else { throw StorageError("record's end") }
            return record
        } catch {
            throw .unavailable("the session record does not read back: \(error.what)")
        }
    }

    /// The format byte and the configuration with its length, which every format starts with.
    func header(version: UInt8, _ record: SessionRecord) throws(StoreError) -> ByteWriter {
        let configuration = try configurationBytes(record.session)
        var writer = ByteWriter(capacity: 5 + configuration.count + 2_048)
        writer.byte(version)
        withUnsafeBytes(of: UInt32(configuration.count).bigEndian) { writer.raw($0) }
        writer.raw(configuration)
        return writer
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
}
