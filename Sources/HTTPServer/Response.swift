/// What a responder answers: a status, ordered headers (a name may repeat) and a body.
///
/// libmicrohttpd adds `Content-Length` and `Date` itself; a `Content-Length` set here is ignored.
public struct Response: Sendable, Equatable {
    /// The status code; libmicrohttpd writes the reason phrase.
    public var status: HTTPStatus
    /// Response headers in order; a name may repeat (`Set-Cookie`).
    public var headers: HTTPHeaders
    /// The body bytes (omitted on the wire for HEAD by libmicrohttpd).
    public var body: Body
    /// The route template that produced this response (`/s/:id/input`), reported to the daemon's
    /// request log and never sent. Nil for "no route matched".
    public var route: RouteName?

    /// A response with a `Body`.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: Body = .empty, route: RouteName? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.route = route
    }

    /// A response with raw bytes.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), bytes: [UInt8], route: RouteName? = nil) {
        self.init(status: status, headers: headers, body: .bytes(bytes), route: route)
    }

    /// `text/plain; charset=utf-8`.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .text(text))
    }

    /// `text/html; charset=utf-8`.
    public static func html(_ html: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: .text(html))
    }

    /// `application/json` from already-encoded bytes.
    public static func json(_ bytes: [UInt8], status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .bytes(bytes))
    }

    /// The bytes of a response. A struct over a private enum so that later kinds (a streamed body
    /// for server-sent events) can be added without breaking callers.
    public struct Body: Sendable, Equatable {
        enum Storage: Sendable, Equatable {
            case bytes([UInt8])
            case text(String)
            /// Not known yet: see `Response.deferred(timeout:fallback:_:)`.
            case deferred(DeferredBody)
        }

        let storage: Storage

        /// No bytes.
        public static let empty = Body(storage: .bytes([]))

        /// Raw bytes.
        public static func bytes(_ bytes: [UInt8]) -> Body { Body(storage: .bytes(bytes)) }

        /// UTF-8 text; kept as a `String`, whose bytes the daemon lends libmicrohttpd without a copy.
        public static func text(_ text: String) -> Body { Body(storage: .text(text)) }

        /// The body's bytes; empty for a deferred body, whose bytes are not known yet.
        public var bytes: [UInt8] {
            switch storage {
            case .bytes(let bytes): bytes
            case .text(let text): Array(text.utf8)
            case .deferred: []
            }
        }

        /// The body length in bytes; 0 for a deferred body.
        public var count: Int {
            switch storage {
            case .bytes(let bytes): bytes.count
            case .text(let text): text.utf8.count
            case .deferred: 0
            }
        }

        /// Bodies with the same bytes are equal; a deferred body equals only itself (or a copy of it).
        public static func == (lhs: Body, rhs: Body) -> Bool {
            switch (lhs.storage, rhs.storage) {
            case (.deferred(let left), .deferred(let right)): left === right
            case (.deferred, _), (_, .deferred): false
            default: lhs.bytes == rhs.bytes
            }
        }
    }
}
