import HTTPServer

/// What a route's handler gets: the request, the values of the pattern's `:` segments in order,
/// and what middleware found out on the way (the form a browser posted).
struct RouteRequest: Sendable {
    var request: Request
    var parameters: [Substring]
    /// The posted form (or the query of a GET), once a middleware has read and checked it.
    var form = FormFields([])
    /// The form token the page sent (header or `_token`), once `Access` checked the rest of a page
    /// event: `AppContext.withPage` compares it with the session's inside the one store call that
    /// answers the event. Nil for requests that carry no token.
    var pageToken: String?

    /// The first parameter: the session id of every `/s/:id…` and `/shell/:id…` route.
    var id: Substring { parameters.first ?? "" }
}

/// Answers a route's request, or refuses it.
typealias RouteHandler = @Sendable (RouteRequest) throws(Refusal) -> Response

/// Something a route's requests pass through before (and after) its handler: it may refuse the
/// request, change what the handler sees, or add to the answer.
typealias Middleware = @Sendable (RouteRequest, RouteHandler) throws(Refusal) -> Response

/// One route: a method and a path pattern, declared once. The pattern (`/s/:id/input`) is also
/// the route's name in the access log, so no id, token or value reaches a log line through it.
struct Route: Sendable {
    let method: HTTPMethod
    let pattern: RouteName
    /// The handler wrapped in the route's middleware, outermost first.
    let handler: RouteHandler
    let segments: [Segment]

    /// A pattern's segment: literal text, `:name` (any one segment) or `*` (one or more, the rest).
    enum Segment: Sendable, Equatable {
        case literal(Substring)
        case parameter
        case rest
    }

    init(_ method: HTTPMethod, _ pattern: StaticString, through middleware: [Middleware] = [], _ handler: @escaping RouteHandler) {
        self.method = method
        self.pattern = RouteName(pattern)
        self.segments = "\(pattern)".utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .dropFirst().map { part in
                let text = Substring(part)
                return text == "*" ? .rest : text.first == ":" ? .parameter : .literal(text)
            }
        var wrapped = handler
        for wrap in middleware.reversed() {
            let inner = wrapped
            wrapped = { (request: RouteRequest) throws(Refusal) -> Response in try wrap(request, inner) }
        }
        self.handler = wrapped
    }

    /// The parameters when `path`'s segments fit the pattern, else nil.
    func parameters(_ parts: [Substring]) -> [Substring]? {
        // Most patterns differ from a path in length: that answer costs nothing.
        guard parts.count == segments.count || (segments.last == .rest && parts.count >= segments.count) else { return nil }
        var values: [Substring] = []
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest:
                return parts.count > index ? values + [parts[index...].joined(separator: "/")[...]] : nil
            case .parameter:
                guard index < parts.count else { return nil }
                values.append(parts[index])
            case .literal(let text):
                // Bytes, not Characters: String equality is canonical equivalence, under which the
                // Kelvin sign is a `K` and a Greek question mark a `;`.
                guard index < parts.count, parts[index].utf8.elementsEqual(text.utf8) else { return nil }
            }
        }
        return parts.count == segments.count ? values : nil
    }

    /// Whether this route answers `method`: a GET route answers HEAD too.
    func accepts(_ method: HTTPMethod) -> Bool {
        self.method == method || (self.method == .get && method == .head)
    }
}

/// Every route the server answers, in one list: a request goes to the first route whose pattern
/// and method fit; a path some route takes with another method is a 405 naming those methods.
struct RouteTable: Sendable {
    let routes: [Route]

    enum Match {
        case found(Route, parameters: [Substring])
        case methodNotAllowed([HTTPMethod])
        case notFound
    }

    func match(method: HTTPMethod, path: String) -> Match {
        // Split as bytes (`/` is one byte in UTF-8, never part of another character): a split by
        // Characters would run grapheme breaking on every request.
        let parts = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .dropFirst().map(Substring.init)
        var allowed: [HTTPMethod] = []
        for route in routes {
            guard let parameters = route.parameters(parts) else { continue }
            if route.accepts(method) { return .found(route, parameters: parameters) }
            allowed.append(route.method)
            if route.method == .get { allowed.append(.head) }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }
}
