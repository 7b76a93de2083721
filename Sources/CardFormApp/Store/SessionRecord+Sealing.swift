import Foundation
import Payments

/// A session record as the Redis store keeps it: one format byte, then the record as JSON (the
/// engine's types are `Codable`), the whole sealed with the store key and the session id as
/// associated data. Nothing of the record (card number, CVV, token, page hashes) is in Redis in
/// plaintext, and a record copied under another session's key does not open.
struct SealedRecordFormat: Sendable {
    /// Bumped whenever the plaintext's layout changes; a record of another format is refused
    /// (`StoreError.unavailable`), never misread.
    static let version: UInt8 = 1

    let box: SecretBox

    func seal(_ record: SessionRecord) throws(StoreError) -> [UInt8] {
        let json: Data
        do { json = try JSONEncoder().encode(record) } catch { throw .unavailable("cannot encode the session record: \(error)") }
        var plaintext = [Self.version]
        plaintext.append(contentsOf: json)
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
        do {
            return try JSONDecoder().decode(SessionRecord.self, from: Data(plaintext.dropFirst()))
        } catch {
            throw .unavailable("the session record does not decode: \(error)")
        }
    }
}
