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

    /// One session: its record under its own lock.
    private final class Entry: Sendable {
        let record: Mutex<SessionRecord>
        init(_ record: SessionRecord) { self.record = Mutex(record) }
    }

    /// One lock's worth of sessions.
    private final class Shard: Sendable {
        let entries = Mutex<[String: Entry]>([:])
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
        let record = SessionRecord(session: make(id), token: RandomToken.make128(), now: now)
        shard(for: id).entries.withLock { $0[id] = Entry(record) }
        return record
    }

    func withSession<T: Sendable>(
        _ id: Substring, now: Date, _ body: (inout SessionRecord) -> T
    ) throws(StoreError) -> SessionLookup<T> {
        guard RandomToken.isWellFormed(id) else { return .unknown }
        let key = String(id)
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
            for (id, entry) in entries {
                switch entry.record.withLock({ lifetime.apply(to: &$0, now: now) }) {
                case .keep:
                    break
                case .retired:
                    live.wrappingSubtract(1, ordering: .relaxed)
                    retired.append(id)
                case .forget:
                    shard.entries.withLock { $0[id] = nil }
                }
            }
        }
        return retired
    }

    func liveCount() throws(StoreError) -> Int { live.load(ordering: .relaxed) }

    /// Memory always answers.
    func checkReachable() throws(StoreError) {}

    var waitsOnNetwork: Bool { false }

    private func shard(for id: String) -> Shard {
        shards[Int(truncatingIfNeeded: FNV1a.hash(id.utf8) % UInt64(shards.count))]
    }
}
