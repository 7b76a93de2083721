import Synchronization

/// The outbox without durability: entries live as long as the process. What a server without
/// `dataDir` (and without Redis) uses; `serve` says so at start.
public final class MemoryOutbox: WebhookOutbox {
    private let entries = Mutex<[String: OutboxEntry]>([:])

    public init() {}

    public func add(_ entry: OutboxEntry) throws(OutboxError) {
        entries.withLock { $0[entry.id] = entry }
    }

    public func remove(_ id: String) throws(OutboxError) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    /// Nothing is ever abandoned: every entry was added, and is being delivered, by this process.
    public func claimAbandoned(limit: Int) throws(OutboxError) -> [OutboxEntry] { [] }

    public func stats() throws(OutboxError) -> OutboxStats {
        entries.withLock { OutboxStats(depth: $0.count, oldest: $0.values.map(\.created).min()) }
    }
}
