import CardFormSupport
import CMicroHTTPD
import Synchronization

/// What every libmicrohttpd callback needs, shared by all worker threads. Handed to C retained
/// (`Unmanaged.passRetained`) and released once, after `MHD_stop_daemon` has returned, so it
/// outlives every callback.
final class ServerContext: Sendable {
    let responder: any Responder
    let maxBodySize: Int
    let maxDiscardedBodySize: Int
    let onRequestCompleted: (@Sendable (RequestLogEntry) -> Void)?
    /// Connections suspended for deferred responses.
    let suspended: SuspendedConnections
    /// The accepting thread, told when a connection closes (it keeps the connection limit).
    let acceptor: Acceptor
    /// Requests between their request line and their end; graceful stop waits for zero. Counted
    /// per thread: every request changes it twice, and one shared atomic moved its cache line
    /// between the workers' cores on each change. A request begins and ends on its connection's
    /// worker thread, so each slot stays at or above zero and a sum of zero means none is in flight.
    let inFlight = PerThreadCounter()
    /// Set when stopping: responses then carry `Connection: close` so clients do not reuse them.
    let isStopping = Atomic<Bool>(false)
    /// Added to the daemon's own answers (`Daemon.Configuration.rejectionHeaders`).
    let rejectionHeaders: HTTPHeaders
    /// Added to every answer lacking one when serving TLS; nil for plain HTTP.
    let strictTransportSecurity: HTTPHeaders.Field?
    /// What is sent in place of an answer libmicrohttpd refused.
    let internalError: Response
    /// libmicrohttpd's pool per connection (`Daemon.Configuration.connectionMemoryLimit`).
    let connectionMemoryLimit: Int
    /// The 431 written on the socket for a head that leaves the pool no room for an answer
    /// (`HeadRoom`); nil when serving TLS, where libmicrohttpd must write every byte.
    let headRefusal: [UInt8]?
    #if DEBUG
    /// Bodies lent to libmicrohttpd and not yet given back (`Exchange+BodyLoan`), for tests.
    let lentBodies = Atomic<Int>(0)
    #endif

    init(responder: any Responder, configuration: Daemon.Configuration, suspended: SuspendedConnections, acceptor: Acceptor) {
        self.responder = responder
        self.suspended = suspended
        self.acceptor = acceptor
        self.maxBodySize = configuration.maxBodySize
        self.maxDiscardedBodySize = configuration.maxDiscardedBodySize
        self.onRequestCompleted = configuration.onRequestCompleted
        self.rejectionHeaders = configuration.rejectionHeaders
        self.strictTransportSecurity = configuration.tls.map { _ in
            HTTPHeaders.Field(name: .strictTransportSecurity, value: configuration.strictTransportSecurity)
        }
        self.connectionMemoryLimit = configuration.connectionMemoryLimit
        self.headRefusal = configuration.tls == nil ? HeadRoom.refusal(with: configuration.rejectionHeaders) : nil
        self.internalError = Self.withRejectionHeaders(
            .text("internal server error\n", status: .internalServerError), configuration.rejectionHeaders)
    }

    /// What the daemon answers by itself to a request it refuses (400, 413, 501): short plain
    /// text with the rejection headers, and the connection closed, since the rest of what the
    /// client sent cannot be trusted to frame a next request.
    func rejection(_ status: HTTPStatus) -> Response {
        let text = switch status {
        case .contentTooLarge: "request body too large\n"
        case .notImplemented: "transfer coding not implemented\n"
        case .requestHeaderFieldsTooLarge: "request header fields too large\n"
        default: "bad request\n"
        }
        var response = Self.withRejectionHeaders(.text(text, status: status), rejectionHeaders)
        response.headers.set(.connection, "close")
        return response
    }

    private static func withRejectionHeaders(_ response: Response, _ headers: HTTPHeaders) -> Response {
        var response = response
        for field in headers where !response.headers.contains(field.name) { response.headers.append(field) }
        return response
    }

    /// A request line arrived on `socket`.
    func begin(target: String?, socket: Int32) -> Exchange {
        inFlight.add(1)
        let exchange = Exchange(target: target, socket: socket, body: BodyCollector(limit: maxBodySize, discardLimit: maxDiscardedBodySize))
        #if DEBUG
        exchange.loanLedger = self
        #endif
        return exchange
    }

    /// The exchange on `connection` ended (`outcome`); reports it when it reached the handler.
    func end(_ exchange: Exchange, on connection: OpaquePointer?, outcome: RequestLogEntry.Outcome) {
        // Read once for the log entry and the connection's next deadline (~90 instructions a read).
        let now = ContinuousClock.now
        // Set first, right after the clock is read: the acceptor, finding the connection still
        // busy, looks again a timeout later, and would be late by whatever ran in between.
        if let connection { ConnectionActivity.answerSent(on: connection, at: now) }
        if let onRequestCompleted, let method = exchange.method {
            let deferral = exchange.completion?.ending?.deferral
            onRequestCompleted(RequestLogEntry(
                method: method,
                route: exchange.route,
                status: exchange.status,
                duration: now - exchange.started,
                // libmicrohttpd reports the connection we closed on purpose as an error.
                outcome: deferral == .clientLeft ? .clientLeft : outcome,
                deferral: deferral
            ))
        }
        inFlight.add(-1)
    }
}
