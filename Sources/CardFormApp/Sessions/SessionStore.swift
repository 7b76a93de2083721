import CardEngine
import Synchronization

/// Every session the server holds: sharded maps under `Mutex`es, idle expiry, and a cap.
///
/// A session idle for `ttl` expires: its card data is forgotten and browser routes answer 410
/// with the unavailable page, while `GET /api/sessions/<id>` still reports `phase: "expired"`.
/// An expired session is kept for `retention` more, then forgotten entirely (404).
final class SessionStore: Sendable {
    enum Lookup {
        case live(SessionEntry)
        case expired(SessionEntry)
        case unknown
    }

    /// Why a session could not be created.
    enum CreateError: Error { case full }

    /// One lock's worth of sessions.
    private final class Shard: Sendable {
        struct Contents {
            var entries: [String: SessionEntry] = [:]
            var expired: Set<String> = []
        }

        let contents = Mutex(Contents())
    }

    let ttl: Duration
    let retention: Duration
    let capacity: Int
    /// Told the id of every session that expires (its payment state and vault are cleared).
    private let onExpire: @Sendable (String) -> Void
    private let shards: [Shard]
    private let liveCount = Atomic<Int>(0)
    private let origin: ContinuousClock.Instant
    private let clock = ContinuousClock()

    init(
        ttl: Duration, retention: Duration = .seconds(3_600), capacity: Int, shardCount: Int = 16,
        onExpire: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.ttl = ttl
        self.onExpire = onExpire
        self.retention = retention
        self.capacity = capacity
        self.shards = (0..<shardCount).map { _ in Shard() }
        self.origin = clock.now
    }

    /// Live (not expired) sessions.
    var count: Int { liveCount.load(ordering: .relaxed) }

    /// Creates a session with a fresh random id and token; `make` builds the engine state for the id.
    func create(_ make: (String) -> CardSession) throws(CreateError) -> SessionEntry {
        guard liveCount.wrappingAdd(1, ordering: .relaxed).newValue <= capacity else {
            liveCount.wrappingSubtract(1, ordering: .relaxed)
            throw .full
        }
        let id = RandomToken.make128()
        let entry = SessionEntry(id: id, token: RandomToken.make128(), session: make(id), now: clock.now, origin: origin)
        shard(for: id).contents.withLock { $0.entries[id] = entry }
        return entry
    }

    /// The session with `id`; a live one counts as used now.
    func lookup(_ id: Substring) -> Lookup {
        guard RandomToken.isWellFormed(id) else { return .unknown }
        let key = String(id)
        let (entry, isExpired) = shard(for: key).contents.withLock { ($0.entries[key], $0.expired.contains(key)) }
        guard let entry else { return .unknown }
        if isExpired { return .expired(entry) }
        entry.lastActiveNanos.store(SessionEntry.nanos(clock.now, since: origin), ordering: .relaxed)
        return .live(entry)
    }

    /// Expires sessions idle longer than `ttl` (a session whose payment is in flight waits for its
    /// result) and forgets expired ones idle beyond `ttl + retention`. Returns how many expired.
    @discardableResult
    func sweep(at instant: ContinuousClock.Instant? = nil) -> Int {
        let now = SessionEntry.nanos(instant ?? clock.now, since: origin)
        let ttlNanos = Self.nanos(ttl)
        let forgetNanos = ttlNanos + Self.nanos(retention)
        var expiredNow = 0
        for shard in shards {
            let entries = shard.contents.withLock { contents in contents.entries.values.map { ($0, contents.expired.contains($0.id)) } }
            for (entry, isExpired) in entries {
                let idle = now - entry.lastActiveNanos.load(ordering: .relaxed)
                if isExpired {
                    if idle > forgetNanos {
                        shard.contents.withLock { contents in
                            contents.entries[entry.id] = nil
                            contents.expired.remove(entry.id)
                        }
                    }
                } else if idle > ttlNanos, entry.state.withLock({ Self.retire(&$0.session) }) {
                    shard.contents.withLock { _ = $0.expired.insert(entry.id) }
                    liveCount.wrappingSubtract(1, ordering: .relaxed)
                    onExpire(entry.id)
                    expiredNow += 1
                }
            }
        }
        return expiredNow
    }

    /// Ends an idle session: it expires unless it already finished (a succeeded session keeps its
    /// phase); one whose payment is still in flight is left alone until its result arrives.
    private static func retire(_ session: inout CardSession) -> Bool {
        session.expire() == .ended
    }

    private func shard(for id: String) -> Shard {
        shards[Int(truncatingIfNeeded: FNV1a.hash(id.utf8) % UInt64(shards.count))]
    }

    private static func nanos(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
