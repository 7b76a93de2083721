extension Response {
    /// The longest a deferred response waits; a longer `timeout` is shortened to this. Proxies and
    /// browsers give up on a silent request long before, so a longer wait only holds memory.
    public static let maximumDeferral: Duration = .seconds(3600)

    /// A response the app does not have yet, sent when it has (long-poll): the daemon parks the
    /// connection without holding a worker thread, and sends whatever `complete` is given.
    ///
    /// `start` is called exactly once, on the worker thread, right after the responder returns;
    /// keep it quick (hand the `ResponseCompletion` to whatever will produce the answer). The
    /// completion may be called from any thread, at any time, including inside `start` (the
    /// answer is then sent at once, without suspending). If nothing completes it within
    /// `timeout` (at most `maximumDeferral`, counted from the responder's return), `fallback` is
    /// sent, e.g. 204 for "nothing yet, ask again"; when the daemon stops, waiting requests get
    /// `fallback` at once. When the client hangs up while waiting, nothing is sent and the
    /// connection is released; completing later is a harmless no-op.
    ///
    /// The headers set on the returned response (say, `Cache-Control` added by a middleware) are
    /// added to whichever response is finally sent, where it lacks a header of that name; its
    /// `route` is used when the final response has none. Its status is ignored.
    public static func deferred(
        timeout: Duration,
        fallback: Response,
        _ start: @escaping @Sendable (ResponseCompletion) -> Void
    ) -> Response {
        Response(body: Body(storage: .deferred(DeferredBody(timeout: timeout, fallback: fallback, start: start))))
    }

    /// `answer` as sent in place of this (deferred) response: with this response's headers where
    /// `answer` lacks the name, and this response's route when `answer` has none.
    func wrapping(_ answer: Response) -> Response {
        var sent = answer
        for field in headers where !answer.headers.contains(field.name) {
            sent.headers.append(field)
        }
        sent.route = answer.route ?? route
        return sent
    }
}

extension Response.Body {
    /// Whether the body is deferred (`Response.deferred`): its bytes are not known yet.
    public var isDeferred: Bool { deferred != nil }

    var deferred: DeferredBody? {
        if case .deferred(let body) = storage { body } else { nil }
    }
}

/// What a deferred body carries until it is answered. A class for identity: two deferred bodies
/// are equal only when they are the same one, since their closures cannot be compared.
final class DeferredBody: Sendable, Equatable {
    let timeout: Duration
    let fallback: Response
    let start: @Sendable (ResponseCompletion) -> Void

    init(timeout: Duration, fallback: Response, start: @escaping @Sendable (ResponseCompletion) -> Void) {
        self.timeout = min(max(timeout, .zero), Response.maximumDeferral)
        self.fallback = fallback
        self.start = start
    }

    static func == (lhs: DeferredBody, rhs: DeferredBody) -> Bool { lhs === rhs }
}
