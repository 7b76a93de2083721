import CardEngine
import CardFormSupport
import Foundation
import Synchronization

/// Sessions in this process's memory: sharded maps under `Mutex`es, one lock per session (its
/// events run one at a time while other sessions go on in parallel), idle expiry and a cap.
///
/// A session idle for `ttl` is retired: its card data is forgotten and browser routes answer 410
/// with the unavailable page, while `GET /api/sessions/<id>` still reports `phase: "expired"`. A
/// retired session is kept for `retention` more, then forgotten entirely (404). Bodies run once
/// here, under the session's lock.
final class MemorySessionStore: SessionStore {
    let ttl: TimeInterval
    let retention: TimeInterval
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

    init(ttl: Duration, retention: Duration = .seconds(3_600), capacity: Int, shardCount: Int = 16) {
        self.ttl = Self.seconds(ttl)
        self.retention = Self.seconds(retention)
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
            record.lastActiveAt = now
            return .live(body(&record))
        }
    }

    func sweep(now: Date) throws(StoreError) -> [String] {
        var retired: [String] = []
        for shard in shards {
            let entries = shard.entries.withLock { Array($0) }
            for (id, entry) in entries {
                switch entry.record.withLock({ Self.idleVerdict(&$0, now: now, ttl: ttl, retention: retention) }) {
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

    private enum IdleVerdict { case keep, retired, forget }

    /// What idleness does to one record: a live one idle beyond `ttl` is retired unless its
    /// payment is in flight; a retired one idle beyond `ttl + retention` is forgotten.
    private static func idleVerdict(
        _ record: inout SessionRecord, now: Date, ttl: TimeInterval, retention: TimeInterval
    ) -> IdleVerdict {
        let idle = now.timeIntervalSince(record.lastActiveAt)
        if record.retiredAt != nil { return idle > ttl + retention ? .forget : .keep }
        guard idle > ttl, record.session.expire() == .ended else { return .keep }
        record.retiredAt = now
        return .retired
    }

    private func shard(for id: String) -> Shard {
        shards[Int(truncatingIfNeeded: FNV1a.hash(id.utf8) % UInt64(shards.count))]
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
