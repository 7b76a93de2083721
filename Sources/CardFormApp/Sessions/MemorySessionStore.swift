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
    /// `shards`, unretained: every page event reaches its session's shard, and a shard retained
    /// for it was a count written by whichever worker thread's session fell in that shard.
    private let unretainedShards: [Unmanaged<Shard>]
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

    /// A session id as the maps' key: its 26 bytes (`RandomToken.make128`) as words. Every page
    /// event looks its session up, and a `String` key would be copied out of the path (26 bytes,
    /// past the 15 kept inline) and SipHashed whole, ~800 instructions.
    struct Key: Hashable, Sendable {
        /// Bytes 0–7, 8–15, 16–23 and 24–25.
        let first: UInt64
        let second: UInt64
        let third: UInt64
        let last: UInt16

        /// The key of `id`; nil unless `id` has the shape `make128` gives (`RandomToken.isWellFormed`).
        init?(_ id: Substring) {
            var id = id
            guard let words = id.withUTF8({ bytes -> (UInt64, UInt64, UInt64, UInt16)? in
                // Well formed: exactly 26 bytes, so every load below lies inside them.
                guard RandomToken.isWellFormed(bytes) else { return nil }
                let raw = UnsafeRawBufferPointer(bytes)
                return (raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                        raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 24, as: UInt16.self))
            }) else { return nil }
            (first, second, third, last) = words
        }

        /// Only the second word: 8 random letters (40 bits), which a caller cannot choose for a
        /// session we made (every stored key is ours, so chosen ids cannot pile into one bucket).
        func hash(into hasher: inout Hasher) {
            hasher.combine(second)
        }
    }

    init(lifetime: SessionLifetime, capacity: Int, shardCount: Int = 16) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.shards = (0..<shardCount).map { _ in Shard() }
        self.unretainedShards = shards.map { Unmanaged.passUnretained($0) }
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
        let shard = unretainedShards[Self.shardIndex(of: key, among: unretainedShards.count)]
        guard let entry = shard._withUnsafeGuaranteedRef({ $0.entries.withLock { $0[key] } }) else { return .unknown }
        return entry.record.withLock { record in
            if record.retiredAt != nil { return .expired(record) }
            return .live(body(&record))
        }
    }

    func sweep(now: Date) throws(StoreError) -> SweepResult {
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
        return SweepResult(retired: retired)
    }

    func liveCount() throws(StoreError) -> Int { live.load(ordering: .relaxed) }

    /// Memory always answers.
    func checkReachable() throws(StoreError) {}

    var waitsOnNetwork: Bool { false }

    private func shard(for key: Key) -> Shard {
        shards[Self.shardIndex(of: key, among: shards.count)]
    }

    /// The first word's low bits are one letter's: multiplied (Fibonacci hashing), all eight
    /// letters decide the shard, and the shards fill evenly.
    static func shardIndex(of key: Key, among count: Int) -> Int {
        Int(truncatingIfNeeded: (key.first &* 0x9E37_79B9_7F4A_7C15) >> 32) % count
    }
}
