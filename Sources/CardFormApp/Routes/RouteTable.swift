import HTTPServer

/// What a route's handler gets: the request, where the values of the pattern's `:` segments lie
/// in its path, and what middleware found out on the way (the form a browser posted).
struct RouteRequest: Sendable {
    var request: Request
    var parameters: RouteParameters
    /// The posted form (or the query of a GET), once a middleware has read and checked it.
    var form = FormFields()
    /// The form token the page sent (header or `_token`), once `Access` checked the rest of a page
    /// event: `AppContext.withPage` compares it with the session's inside the one store call that
    /// answers the event. Nil for requests that carry no token.
    var pageToken: String?
    /// A shell's call (`ShellRoutes.allowedOrigin`): its origin, checked against the session's in
    /// the handler's store call (`AppContext.lookup`). Nil on every other route.
    var shell: ShellCall?

    /// The first parameter: the session id of every `/s/:id…` and `/shell/:id…` route.
    var id: Substring { parameters.first(in: request.path) ?? "" }
}

/// Answers a route's request, or refuses it.
typealias RouteHandler = @Sendable (RouteRequest) throws(Refusal) -> Response

/// Something a route's requests pass through before (and after) its handler: it may refuse the
/// request, change what the handler sees, or add to the answer.
///
/// A struct rather than a bare function type: a function kept in an array or a tuple is stored in
/// its most general form, and calling it then wrapped its `next` argument in a new closure on every
/// request (an allocation and its release per middleware, per request). A struct's field keeps the
/// function's own form.
///
/// The request is passed `inout`, to the middleware and on to `next`: one `RouteRequest` lives
/// through the whole chain and a middleware changes it in place. Passed by value, each middleware
/// that changed it (`Access.formPost`) copied it whole, a retain of each of its buffers, and
/// released both copies: ~6 retains and ~12 releases per keystroke (callgrind).
struct Middleware: Sendable {
    /// The rest of the chain: the next middleware, or the handler last.
    typealias Next = @Sendable (inout RouteRequest) throws(Refusal) -> Response

    let run: @Sendable (inout RouteRequest, Next) throws(Refusal) -> Response

    init(_ run: @escaping @Sendable (inout RouteRequest, Next) throws(Refusal) -> Response) {
        self.run = run
    }
}

/// One route: a method and a path pattern, declared once. The pattern (`/s/:id/input`) is also
/// the route's name in the access log, so no id, token or value reaches a log line through it.
struct Route: Sendable {
    let method: HTTPMethod
    let pattern: RouteName
    /// The handler wrapped in the route's middleware, outermost first: composed once, here.
    let handler: Middleware.Next

    init(_ method: HTTPMethod, _ pattern: StaticString, through middleware: [Middleware] = [], _ handler: @escaping RouteHandler) {
        self.method = method
        self.pattern = RouteName(pattern)
        var wrapped: Middleware.Next = { (request: inout RouteRequest) throws(Refusal) -> Response in try handler(request) }
        for wrap in middleware.reversed() {
            let inner = wrapped
            wrapped = { (request: inout RouteRequest) throws(Refusal) -> Response in try wrap.run(&request, inner) }
        }
        self.handler = wrapped
    }
}

/// Every route the server answers, in one list: a request goes to the first route whose pattern
/// and method fit; a path some route takes with another method is a 405 naming those methods.
struct RouteTable: Sendable {
    let routes: [Route]
    /// The routes' handlers, called unretained (`respond(route:to:)`): a matched route copied out
    /// of `routes` retained its handler's context and released it after, a count both worker
    /// threads wrote on every request. A `let`, reached only in `respond`: see `UnretainedObjects`.
    private let unretainedHandlers: UnretainedObjects<Handler>
    /// The routes' patterns as segments to compare, and their methods, apart: trying a route
    /// copies no handler and walks no pattern.
    private let shapes: RouteShapes
    private let methods: [HTTPMethod]

    /// A route's handler as an object of its own, so that it can be reached unretained.
    private final class Handler: Sendable {
        let run: Middleware.Next
        init(_ run: @escaping Middleware.Next) { self.run = run }
    }

    enum Match {
        /// The route's index in `routes` (its pattern is `routes[route].pattern`), for
        /// `respond(route:to:)`: one index for both, so the pattern named is always the route run.
        case found(route: Int, parameters: RouteParameters)
        case methodNotAllowed([HTTPMethod])
        case notFound
    }

    init(routes: [Route]) {
        self.routes = routes
        shapes = RouteShapes(routes.map(\.pattern))
        methods = routes.map(\.method)
        unretainedHandlers = UnretainedObjects(routes.map { Handler($0.handler) })
    }

    /// Runs route `index`'s handler (its middleware, then the handler) on `request`. The table
    /// holds every handler as long as it lives, so none is retained for the call.
    func respond(route index: Int, to request: inout RouteRequest) throws(Refusal) -> Response {
        try unretainedHandlers.with(index) { handler throws(Refusal) in try handler.run(&request) }
    }

    func match(method: HTTPMethod, path: String) -> Match {
        // As bytes (`/` is one byte in UTF-8, never part of another character): split by
        // Characters, a path would go through grapheme breaking on every request. `withUTF8`,
        // not `withContiguousStorageIfAvailable`: its optional answer, unwrapped with `??`, copied
        // the match (its parameters' inline array) through an optional twice more per request.
        var path = path
        return path.withUTF8 { match(method: method, bytes: $0) }
    }

    private func match(method: HTTPMethod, bytes: UnsafeBufferPointer<UInt8>) -> Match {
        guard let split = shapes.split(bytes) else { return .notFound }
        // The routes of the request's method first (a GET route answers HEAD too): the others'
        // shapes are compared only to name the allowed methods of a 405, when none fits.
        let isHead = method == .head
        let candidates = shapes.candidates(for: split)
        for position in candidates {
            let index = shapes.candidate(position)
            guard shapes.fits(index, split) else { continue }
            // Methods compared only for a route that fits: two different ones are a call into
            // the String comparison each, a count compare is one instruction.
            let routeMethod = methods[index]
            guard routeMethod == method || (isHead && routeMethod == .get) else { continue }
            var parameters = RouteParameters()
            shapes.parameters(index, split) { parameters.append($0) }
            return .found(route: index, parameters: parameters)
        }
        var allowed: [HTTPMethod] = []
        for position in candidates {
            let index = shapes.candidate(position)
            guard shapes.fits(index, split) else { continue }
            allowed.append(methods[index])
            if methods[index] == .get { allowed.append(.head) }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }
}
