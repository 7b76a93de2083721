import Synchronization

/// What every libmicrohttpd callback needs, shared by all worker threads. Handed to C retained
/// (`Unmanaged.passRetained`) and released once, after `MHD_stop_daemon` has returned, so it
/// outlives every callback.
final class ServerContext: Sendable {
    let responder: any Responder
    let maxBodySize: Int
    let maxDiscardedBodySize: Int
    let onRequestCompleted: (@Sendable (RequestLogEntry) -> Void)?
    let rejectionHeaders: HTTPHeaders
    /// Connections suspended for deferred responses.
    let suspended: SuspendedConnections
    /// The accepting thread, told when a connection closes (it keeps the connection limit).
    let acceptor: Acceptor
    /// Requests between their request line and their end; graceful stop waits for zero.
    let inFlight = Atomic<Int>(0)
    /// Set when stopping: responses then carry `Connection: close` so clients do not reuse them.
    let isStopping = Atomic<Bool>(false)

    init(responder: any Responder, configuration: Daemon.Configuration, suspended: SuspendedConnections, acceptor: Acceptor) {
        self.responder = responder
        self.suspended = suspended
        self.acceptor = acceptor
        self.maxBodySize = configuration.maxBodySize
        self.maxDiscardedBodySize = configuration.maxDiscardedBodySize
        self.onRequestCompleted = configuration.onRequestCompleted
        self.rejectionHeaders = configuration.rejectionHeaders
    }

    /// A request line arrived.
    func begin(target: String?) -> Exchange {
        inFlight.add(1, ordering: .relaxed)
        return Exchange(target: target, body: BodyCollector(limit: maxBodySize, discardLimit: maxDiscardedBodySize))
    }

    /// The exchange ended (`outcome`); reports it when it reached the handler.
    func end(_ exchange: Exchange, outcome: RequestLogEntry.Outcome) {
        if let onRequestCompleted, let method = exchange.method {
            let deferral = exchange.completion?.ending?.deferral
            onRequestCompleted(RequestLogEntry(
                method: method,
                route: exchange.route,
                status: exchange.status,
                duration: ContinuousClock.now - exchange.started,
                // libmicrohttpd reports the connection we closed on purpose as an error.
                outcome: deferral == .clientLeft ? .clientLeft : outcome,
                deferral: deferral
            ))
        }
        inFlight.subtract(1, ordering: .releasing)
    }
}
