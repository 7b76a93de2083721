/// What the daemon reports about each finished request: enough for an access log, never the
/// body, the query or the raw path (which may hold ids the app prefers to keep out of logs).
public struct RequestLogEntry: Sendable, Equatable {
    /// How the exchange ended.
    public enum Outcome: String, Sendable {
        /// The response was sent in full.
        case completed
        /// The client closed the connection or a read failed.
        case clientLeft = "client-left"
        /// The connection timed out.
        case timedOut = "timed-out"
        /// The daemon stopped while the request was open.
        case shutdown
        /// libmicrohttpd hit an error (e.g. a malformed request, out of memory).
        case failed
    }

    /// How the wait of a deferred response (`Response.deferred`) ended.
    public enum Deferral: String, Sendable {
        /// The app completed it.
        case completed
        /// Its timeout passed and the fallback was sent.
        case timedOut = "timed-out"
        /// The daemon stopped and the fallback was sent.
        case stopped
        /// The client hung up while it waited; nothing was sent.
        case clientLeft = "client-left"
    }

    /// The request method.
    public var method: HTTPMethod
    /// `Response.route` as set by the responder; nil when the daemon answered by itself (400, 413)
    /// or no route matched.
    public var route: RouteName?
    /// The status queued; nil when the request ended before any response.
    public var status: HTTPStatus?
    /// From the request line arriving to the exchange ending: for a deferred response, the wait
    /// included, until its answer was sent.
    public var duration: Duration
    /// How the exchange ended.
    public var outcome: Outcome
    /// How the wait ended when the responder deferred its answer (`.completed` also when it was
    /// completed inside `start`); nil when the responder answered at once.
    public var deferral: Deferral?

    /// Builds an entry (the daemon does; tests of a logger may too).
    public init(
        method: HTTPMethod, route: RouteName?, status: HTTPStatus?, duration: Duration, outcome: Outcome,
        deferral: Deferral? = nil
    ) {
        self.method = method
        self.route = route
        self.status = status
        self.duration = duration
        self.outcome = outcome
        self.deferral = deferral
    }
}
