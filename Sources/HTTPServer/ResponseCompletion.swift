import Synchronization

/// The one-shot handle that answers a deferred response (`Response.deferred(timeout:fallback:_:)`).
///
/// Keep it wherever the answer will come from and call `complete` from any thread, once or many
/// times: only the first of `complete`, the timeout, the daemon stopping and the client hanging
/// up counts; the others are harmless no-ops. It never blocks on the network and holds no
/// worker thread.
public final class ResponseCompletion: Sendable {
    let id: UInt64
    private let state = Mutex(DeferredState())
    private let registry: SuspendedConnections

    init(id: UInt64, registry: SuspendedConnections) {
        self.id = id
        self.registry = registry
    }

    /// Sends `response` to the waiting client, unless the wait already ended (completed before,
    /// timed out, daemon stopped, client gone). Returns whether this call is the one that answered.
    /// A `response` that is itself deferred is answered 500.
    @discardableResult
    public func complete(_ response: Response) -> Bool {
        switch settle(.answered(response)) {
        case .ignored:
            return false
        case .recorded:
            return true
        case .resume:
            registry.resume(id)
            return true
        }
    }

    /// Whether the client still waits: false once completed, timed out, stopped or the client left.
    /// Lets the app drop handles nobody waits on any more.
    public var isPending: Bool { state.withLock { $0.ending == nil } }

    /// How the wait ended, or nil while it lasts.
    var ending: DeferredEnding? { state.withLock { $0.ending } }

    func settle(_ ending: DeferredEnding) -> DeferredState.Settlement {
        state.withLock { $0.settle(ending) }
    }

    func beginSuspending() -> Bool { state.withLock { $0.beginSuspending() } }

    func finishSuspending() -> Bool { state.withLock { $0.finishSuspending() } }
}
