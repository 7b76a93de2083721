import CardFormSupport
import CMicroHTTPD
import Synchronization

/// By when a connection's next request must be in whole, or that one is in and not yet answered
/// (the request timeout then does not apply: a handler or a deferred answer may take longer).
///
/// Why one atomic of its own and not the `ConnectionTable`'s lock: the worker marks every request
/// that arrives and every answer it sends, and the table's lock, taken by both workers and the
/// accepting thread, moved its cache line between the cores twice per request. Here the worker
/// writes a line only its connection uses; the acceptor reads it when the connection's queue
/// entry falls due. One value holds both the busy mark and the deadline, so an answer sets the
/// next deadline and clears the mark in one store: the acceptor sees the old state or the new,
/// never a new deadline with the connection still busy, nor an idle connection with the deadline
/// that passed while it was busy.
///
/// One per connection: the table keeps it for the acceptor, and libmicrohttpd's socket context
/// holds it for the worker from `MHD_CONNECTION_NOTIFY_STARTED` to `..._CLOSED`.
///
/// Padded at both ends: activities are made one after the other as connections open, and those
/// of connections on different workers would otherwise share lines (one's `due` beside the next
/// one's header or fields); the leading padding also keeps `due` off the line of the object's
/// own reference count and of whatever the allocator placed just before it.
final class ConnectionActivity: Sendable {
    typealias Instant = ContinuousClock.Instant

    private let leading = CacheLinePadding()
    /// Nanoseconds after `origin` by which the next request must be in; `busy` while one is in.
    private let due: Atomic<Int64>
    private let origin: Instant
    private let timeout: Duration
    private let trailing = CacheLinePadding()
    private static let busy = Int64.max

    /// A connection accepted at `now`, its first request due within `timeout`; times are kept
    /// as nanoseconds after `origin`.
    init(origin: Instant, timeout: Duration, acceptedAt now: Instant) {
        self.origin = origin
        self.timeout = timeout
        due = Atomic(Self.nanoseconds(now + timeout - origin))
    }

    /// Whether a request is in and unanswered.
    var isBusy: Bool { due.load(ordering: .relaxed) == Self.busy }

    /// By when the next request must be in; nil while one is in.
    var deadline: Instant? {
        let due = due.load(ordering: .relaxed)
        return due == Self.busy ? nil : origin + .nanoseconds(due)
    }

    /// The connection's current request is in whole: the deadline no longer applies.
    func requestArrived() { due.store(Self.busy, ordering: .relaxed) }

    /// The answer was sent at `now`: the next request is due within the timeout.
    func answerSent(at now: Instant) {
        due.store(Self.nanoseconds(now + timeout - origin), ordering: .relaxed)
    }

    /// One division of the attoseconds, below `busy` (which is ~292 years away).
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        min(Int64(clamping: duration.attoseconds / 1_000_000_000), busy - 1)
    }

    /// Marks the request on `connection` arrived, through the activity its socket context holds
    /// (none for a connection the acceptor did not list, which has no deadline to stop either).
    /// Borrowed: called from the access handler, during which the connection, and so its socket
    /// context, cannot be closed.
    static func requestArrived(on connection: OpaquePointer) {
        borrowed(on: connection) { $0.requestArrived() }
    }

    /// The answer on `connection` was sent at `now`, as `requestArrived(on:)` (called from the
    /// completion callback, before libmicrohttpd reports the connection closed).
    static func answerSent(on connection: OpaquePointer, at now: Instant) {
        borrowed(on: connection) { $0.answerSent(at: now) }
    }

    /// Runs `body` with the activity `connection`'s socket context holds, unretained (nothing
    /// when it holds none).
    private static func borrowed(on connection: OpaquePointer, _ body: (ConnectionActivity) -> Void) {
        guard let pointer = cmhd_socket_context(connection) else { return }
        Unmanaged<ConnectionActivity>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
}
