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
    /// A shell's call (`ShellRoutes.allowedOrigin`): its origin, checked against the session's in
    /// the handler's store call (`AppContext.lookup`). Nil on every other route.
    var shell: ShellCall?

    /// The first parameter: the session id of every `/s/:id…` and `/shell/:id…` route.
    var id: Substring { parameters.first ?? "" }
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
struct Middleware: Sendable {
    let run: @Sendable (RouteRequest, RouteHandler) throws(Refusal) -> Response

    init(_ run: @escaping @Sendable (RouteRequest, RouteHandler) throws(Refusal) -> Response) {
        self.run = run
    }
}

/// One route: a method and a path pattern, declared once. The pattern (`/s/:id/input`) is also
/// the route's name in the access log, so no id, token or value reaches a log line through it.
struct Route: Sendable {
    let method: HTTPMethod
    let pattern: RouteName
    /// The handler wrapped in the route's middleware, outermost first.
    let handler: RouteHandler

    init(_ method: HTTPMethod, _ pattern: StaticString, through middleware: [Middleware] = [], _ handler: @escaping RouteHandler) {
        self.method = method
        self.pattern = RouteName(pattern)
        var wrapped = handler
        for wrap in middleware.reversed() {
            let inner = wrapped
            wrapped = { (request: RouteRequest) throws(Refusal) -> Response in try wrap.run(request, inner) }
        }
        self.handler = wrapped
    }

    /// Whether `path` (its UTF-8 bytes) fits `pattern`, handing each parameter's byte range to
    /// `parameter` in order. Segments are what follows the path's first `/`, split at every `/`;
    /// a literal segment matches its own bytes only (not a canonically equivalent text: the Kelvin
    /// sign is no `K`), `:name` any one segment, `*` one or more (the rest of the path). One pass
    /// over both, nothing allocated: the router tries every pattern in turn.
    static func fits(
        _ path: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, _ parameter: (Range<Int>) -> Void
    ) -> Bool {
        let slash = UInt8(ascii: "/")
        guard let first = path.firstIndex(of: slash), pattern.first == slash else { return false }
        var at = first + 1
        var patternAt = 1
        while true {
            // A segment of the pattern is left, and so is one of the path (`at` starts it).
            var patternEnd = patternAt
            while patternEnd < pattern.count, pattern[patternEnd] != slash { patternEnd += 1 }
            var end = at
            while end < path.count, path[end] != slash { end += 1 }
            let kind = patternEnd > patternAt ? pattern[patternAt] : 0
            if kind == UInt8(ascii: "*"), patternEnd == patternAt + 1 {
                parameter(at..<path.count)
                return true
            }
            if kind == UInt8(ascii: ":") {
                parameter(at..<end)
            } else {
                guard end - at == patternEnd - patternAt else { return false }
                for offset in 0..<(end - at) where path[at + offset] != pattern[patternAt + offset] { return false }
            }
            let pathIsOver = end == path.count
            guard patternEnd < pattern.count else { return pathIsOver }
            guard !pathIsOver else { return false }
            at = end + 1
            patternAt = patternEnd + 1
        }
    }
}

/// Every route the server answers, in one list: a request goes to the first route whose pattern
/// and method fit; a path some route takes with another method is a 405 naming those methods.
struct RouteTable: Sendable {
    let routes: [Route]
    /// The routes' patterns and methods apart, so trying each copies no handler.
    private let patterns: [RouteName]
    private let methods: [HTTPMethod]
    /// Where each pattern's first segment lies in it when that segment is a literal (nil for
    /// `:name` and `*`): a path whose own first segment differs cannot fit, and the route is
    /// passed over on a length compare instead of a `fits` walk (a keystroke's route is the 18th).
    private let firstLiterals: [Range<Int>?]

    enum Match {
        case found(Route, parameters: [Substring])
        case methodNotAllowed([HTTPMethod])
        case notFound
    }

    init(routes: [Route]) {
        self.routes = routes
        patterns = routes.map(\.pattern)
        methods = routes.map(\.method)
        firstLiterals = routes.map { route in
            route.pattern.staticString.withUTF8Buffer { pattern in
                guard let segment = Self.firstSegment(of: pattern) else { return nil }
                let text = pattern[segment]
                return text.first == UInt8(ascii: ":") || text.elementsEqual("*".utf8) ? nil : segment
            }
        }
    }

    /// The first segment of `path` as `Route.fits` reads it: after the first `/`, up to the next
    /// `/` or the end; nil without a `/`.
    private static func firstSegment(of path: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let slash = path.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let start = slash + 1
        let end = path[start...].firstIndex(of: UInt8(ascii: "/")) ?? path.count
        return start..<end
    }

    func match(method: HTTPMethod, path: String) -> Match {
        // As bytes (`/` is one byte in UTF-8, never part of another character): split by
        // Characters, a path would go through grapheme breaking on every request.
        path.utf8.withContiguousStorageIfAvailable { match(method: method, path: path, bytes: $0) }
            ?? Array(path.utf8).withUnsafeBufferPointer { match(method: method, path: path, bytes: $0) }
    }

    private func match(method: HTTPMethod, path: String, bytes: UnsafeBufferPointer<UInt8>) -> Match {
        guard let first = Self.firstSegment(of: bytes) else { return .notFound }
        // The routes of the request's method first (a GET route answers HEAD too): the others'
        // patterns are walked only to name the allowed methods of a 405, when none fits.
        let isHead = method == .head
        for index in patterns.indices {
            guard startsAlike(index, bytes, first: first) else { continue }
            let routeMethod = methods[index]
            guard routeMethod == method || (isHead && routeMethod == .get), fits(index, bytes) else { continue }
            var parameters: [Substring] = []
            _ = patterns[index].staticString.withUTF8Buffer { pattern in
                Route.fits(bytes, pattern) { range in
                    let utf8 = path.utf8
                    let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
                    parameters.append(Substring(utf8[start..<utf8.index(start, offsetBy: range.count)]))
                }
            }
            return .found(routes[index], parameters: parameters)
        }
        var allowed: [HTTPMethod] = []
        for index in patterns.indices where startsAlike(index, bytes, first: first) && fits(index, bytes) {
            allowed.append(methods[index])
            if methods[index] == .get { allowed.append(.head) }
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(allowed)
    }

    /// Whether route `index`'s pattern may fit `bytes`, whose first segment is `first`: false when
    /// the pattern's first segment is a literal of another length or other bytes.
    private func startsAlike(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>, first: Range<Int>) -> Bool {
        guard let literal = firstLiterals[index] else { return true }
        return literal.count == first.count
            && patterns[index].staticString.withUTF8Buffer { $0[literal].elementsEqual(bytes[first]) }
    }

    private func fits(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        patterns[index].staticString.withUTF8Buffer { Route.fits(bytes, $0) { _ in } }
    }
}
