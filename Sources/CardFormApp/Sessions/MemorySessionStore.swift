import CardEngine
import CardFormSupport
import Foundation
import Synchronization

/// Sessions in this process's memory: sharded maps under `Mutex`es, one lock per session (its
/// events run one at a time while other sessions go on in parallel), expiry and a cap.
///
/// A session whose time is up (`SessionLifetime`) is retired by the sweep: its card data is
/// forgotten and browser routes answer 410 with the unavailable page, while
/// `GET /api/sessions/<id>` still reports `phase: "expired"`. A retired session is kept for the
/// retention, then forgotten entirely (404). Bodies run once here, under the session's lock.
final class MemorySessionStore: SessionStore {
    let lifetime: SessionLifetime
    let capacity: Int
    private let shards: [Shard]
    private let live = Atomic<Int>(0)

    /// One session: its record under its own lock, and its id as text (what `sweep` reports).
    private final class Entry: Sendable {
        let id: String
        let record: Mutex<SessionRecord>
        init(id: String, _ record: SessionRecord) {
            self.id = id
            self.record = Mutex(record)
        }
    }

    /// One lock's worth of sessions.
    private final class Shard: Sendable {
        let entries = Mutex<[Key: Entry]>([:])
    }

    /// A session id as the maps' key: its 26 base32 letters (`RandomToken.make128`) as 130 bits.
    /// Every page event looks its session up: as a `String` key the id was copied into a new
    /// string (26 bytes, past the inline 15) and SipHashed whole, ~800 instructions.
    struct Key: Hashable, Sendable {
        /// Letters 0–11 and 12–23, 5 bits each, and the last two letters.
        let high: UInt64
        let low: UInt64
        let tail: UInt16

        /// The key of `id`; nil unless `id` has the shape `make128` gives (`RandomToken.isWellFormed`).
        init?(_ id: Substring) {
            var id = id
            guard let bits = id.withUTF8({ Self.bits(of: $0) }) else { return nil }
            (high, low, tail) = bits
        }

        private static func bits(of id: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64, UInt16)? {
            guard id.count == 26, let high = word(id, 0..<12), let low = word(id, 12..<24), let tail = word(id, 24..<26) else { return nil }
            return (high, low, UInt16(tail))
        }

        /// The letters in `range`, 5 bits each; nil if one is not of the alphabet.
        @inline(__always)
        private static func word(_ id: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
            var word: UInt64 = 0
            var bad: UInt8 = 0
            for index in range {
                let byte = id[index]
                let letter = byte &- UInt8(ascii: "a")
                let digit = byte &- UInt8(ascii: "2")
                bad |= letter < 26 || digit < 6 ? 0 : 1
                word = word << 5 | UInt64(letter < 26 ? letter : digit &+ 26)
            }
            return bad == 0 ? word : nil
        }

        /// Only the middle letters: 60 of the id's random bits, which a caller cannot choose for
        /// a session we made (every stored key is ours, so chosen ids cannot pile into one bucket).
        func hash(into hasher: inout Hasher) {
            hasher.combine(low)
        }
    }

    init(lifetime: SessionLifetime, capacity: Int, shardCount: Int = 16) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.shards = (0..<shardCount).map { _ in Shard() }
    }

    func create(now: Date, _ make: (String) -> CardSession) throws(StoreError) -> SessionRecord {
        guard live.wrappingAdd(1, ordering: .relaxed).newValue <= capacity else {
            live.wrappingSubtract(1, ordering: .relaxed)
            throw .full
        }
        let id = RandomToken.make128()
        guard let key = Key(id[...]) else { preconditionFailure("RandomToken.make128 made a malformed id") }
        let record = SessionRecord(session: make(id), token: RandomToken.make128(), now: now)
        shard(for: key).entries.withLock { $0[key] = Entry(id: id, record) }
        return record
    }

    func withSession<T: Sendable>(
        _ id: Substring, now: Date, _ body: (inout SessionRecord) -> T
    ) throws(StoreError) -> SessionLookup<T> {
        guard let key = Key(id) else { return .unknown }
        guard let entry = shard(for: key).entries.withLock({ $0[key] }) else { return .unknown }
        return entry.record.withLock { record in
            if record.retiredAt != nil { return .expired(record) }
            return .live(body(&record))
        }
    }

    func sweep(now: Date) throws(StoreError) -> [String] {
        var retired: [String] = []
        for shard in shards {
            let entries = shard.entries.withLock { Array($0) }
            for (key, entry) in entries {
                switch entry.record.withLock({ lifetime.apply(to: &$0, now: now) }) {
                case .keep:
                    break
                case .retired:
                    live.wrappingSubtract(1, ordering: .relaxed)
                    retired.append(entry.id)
                case .forget:
                    shard.entries.withLock { $0[key] = nil }
                }
            }
        }
        return retired
    }

    func liveCount() throws(StoreError) -> Int { live.load(ordering: .relaxed) }

    /// Memory always answers.
    func checkReachable() throws(StoreError) {}

    var waitsOnNetwork: Bool { false }

    private func shard(for key: Key) -> Shard {
        shards[Int(truncatingIfNeeded: key.high % UInt64(shards.count))]
    }
}
