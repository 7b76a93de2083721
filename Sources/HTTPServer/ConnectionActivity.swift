import CMicroHTTPD
import Synchronization

/// Whether a connection's request is in whole and not yet answered, when the request timeout
/// does not apply to it (a handler or a deferred answer may take longer).
///
/// Why a flag of its own and not the `ConnectionTable`'s lock: the worker marks every request
/// that arrives, and taking the table's lock for it was a lock round trip per request. The
/// acceptor reads the flag under that lock when a deadline falls due. Setting it races with the
/// acceptor just as taking the lock did: whichever comes first wins. It is cleared under the lock,
/// together with the answer's next deadline (`ConnectionTable.answerSent`): cleared before, the
/// acceptor could find the connection idle with the deadline that passed while it was busy;
/// after, busy with a new deadline already passed, which it would drop.
///
/// One per connection: the table keeps it for the acceptor, and libmicrohttpd's socket context
/// holds it for the worker from `MHD_CONNECTION_NOTIFY_STARTED` to `..._CLOSED`.
final class ConnectionActivity: Sendable {
    private let busy = Atomic<Bool>(false)

    /// Whether a request is in and unanswered.
    var isBusy: Bool { busy.load(ordering: .relaxed) }

    /// The connection's current request is in whole: the deadline no longer applies.
    func requestArrived() { busy.store(true, ordering: .relaxed) }

    /// The answer was sent, and the next deadline set.
    func answerSent() { busy.store(false, ordering: .relaxed) }

    /// Marks the request on `connection` arrived, through the activity its socket context holds
    /// (none for a connection the acceptor did not list, which has no deadline to stop either). Borrowed: called from the access
    /// handler, during which the connection, and so its socket context, cannot be closed.
    static func requestArrived(on connection: OpaquePointer) {
        guard let pointer = cmhd_socket_context(connection) else { return }
        Unmanaged<ConnectionActivity>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.requestArrived() }
    }
}
