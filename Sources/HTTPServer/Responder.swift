/// The seam between the HTTP server and the app: one synchronous call per request.
///
/// Synchronous on purpose: libmicrohttpd calls us on its own pool threads and waits for the
/// answer, and the app's work per request (session update, template render) is CPU-bound and
/// takes microseconds. An `async` seam would cost a task and two thread hops per request for
/// nothing. Work that must wait (payment results) returns `Response.deferred` instead, which
/// holds the connection, not the thread.
public protocol Responder: Sendable {
    /// Answers `request`. Called on one of the daemon's worker threads, possibly several at once.
    func respond(to request: Request) -> Response
}

/// A responder made from a function: handy in tests and for tiny servers.
public struct ResponderFunction: Responder {
    private let body: @Sendable (Request) -> Response

    /// Wraps `body`, which is called on worker threads and so must be `@Sendable`.
    public init(_ body: @escaping @Sendable (Request) -> Response) { self.body = body }

    /// Calls the wrapped function.
    public func respond(to request: Request) -> Response { body(request) }
}
