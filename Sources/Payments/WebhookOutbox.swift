import CardFormSupport
import Foundation

/// Where webhook events wait until a receiver has taken them: written before the first delivery
/// attempt and removed after a 2xx, so a process that dies meanwhile (even `kill -9`) leaves them
/// for the next one to deliver, with the same event `id` and the same bytes. Delivery is therefore
/// at least once: a receiver deduplicates by `id`.
///
/// Three implementations: in memory (no durability; the default without `dataDir`), files in
/// `dataDir/outbox`, and Redis (shared by every instance, `Store/RedisOutbox`). Calls block briefly
/// (a file write with `fsync`, a Redis round trip) and report failures as `OutboxError`.
public protocol WebhookOutbox: Sendable {
    /// Keeps `entry` durably; it counts as claimed by this process.
    func add(_ entry: OutboxEntry) throws(OutboxError)
    /// Forgets a delivered entry (nothing if it is not there).
    func remove(_ id: String) throws(OutboxError)
    /// At most `limit` entries that nobody is delivering (left by an earlier run of this process, or
    /// by an instance that stopped), now claimed by this process. Called at start and then
    /// periodically, which also tells a shared outbox that this process is still alive.
    func claimAbandoned(limit: Int) throws(OutboxError) -> [OutboxEntry]
    /// How many entries wait, and the oldest one's creation time.
    func stats() throws(OutboxError) -> OutboxStats
}

/// One event as the outbox keeps it: the exact body every delivery sends.
public struct OutboxEntry: Sendable, Hashable {
    /// `evt_…`: the receiver's key to deduplicate.
    public var id: String
    public var body: [UInt8]
    /// When the event was made (whole milliseconds are kept).
    public var created: Date

    public init(id: String, body: [UInt8], created: Date) {
        self.id = id
        self.body = body
        self.created = created
    }
}

/// What waits in an outbox.
public struct OutboxStats: Sendable, Hashable {
    public var depth: Int
    public var oldest: Date?

    public init(depth: Int, oldest: Date?) {
        self.depth = depth
        self.oldest = oldest
    }
}

/// Why an outbox could not do what was asked.
public typealias OutboxError = CodedError<OutboxFailure>

/// The codes of `OutboxError`.
public enum OutboxFailure: String, ErrorCode {
    /// The directory or a file in it could not be read or written.
    case io
    /// Another process already delivers from this directory.
    case inUse = "in-use"
    /// The shared store did not answer.
    case unavailable
    /// An id that cannot name a file (only letters, digits and `_` are kept).
    case invalidID = "invalid-id"

    /// `outbox io: …` in a log line, rather than a bare `io: …`.
    public static var domain: String? { "outbox" }
}

extension OutboxEntry {
    /// The entry for `event`, whose body is serialised once here and never again.
    init(_ event: WebhookEvent) {
        self.init(id: event.id, body: event.body, created: event.created)
    }
}
