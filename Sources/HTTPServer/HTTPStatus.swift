/// An HTTP status code. libmicrohttpd writes the reason phrase, so only the number is kept.
public struct HTTPStatus: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The three-digit code.
    public var code: Int

    /// A status from its code.
    public init(_ code: Int) { self.code = code }
    /// A status from its code.
    public init(rawValue: Int) { self.code = rawValue }
    /// A status from a literal: `let s: HTTPStatus = 422`.
    public init(integerLiteral value: Int) { self.code = value }

    public var rawValue: Int { code }
    public var description: String { String(code) }

    /// 200 OK.
    public static let ok: HTTPStatus = 200
    /// 201 Created.
    public static let created: HTTPStatus = 201
    /// 204 No Content.
    public static let noContent: HTTPStatus = 204
    /// 301 Moved Permanently.
    public static let movedPermanently: HTTPStatus = 301
    /// 302 Found.
    public static let found: HTTPStatus = 302
    /// 303 See Other (after a form post).
    public static let seeOther: HTTPStatus = 303
    /// 304 Not Modified (ETag matched).
    public static let notModified: HTTPStatus = 304
    /// 400 Bad Request.
    public static let badRequest: HTTPStatus = 400
    /// 401 Unauthorized (missing or wrong secret key).
    public static let unauthorized: HTTPStatus = 401
    /// 403 Forbidden (bad form token).
    public static let forbidden: HTTPStatus = 403
    /// 404 Not Found.
    public static let notFound: HTTPStatus = 404
    /// 405 Method Not Allowed.
    public static let methodNotAllowed: HTTPStatus = 405
    /// 409 Conflict (a session that cannot be changed now).
    public static let conflict: HTTPStatus = 409
    /// 410 Gone (expired session).
    public static let gone: HTTPStatus = 410
    /// 413: what the server answers by itself for a body over the configured cap.
    public static let contentTooLarge: HTTPStatus = 413
    /// 431: a head too large for the room the server keeps per connection.
    public static let requestHeaderFieldsTooLarge: HTTPStatus = 431
    /// 415 Unsupported Media Type.
    public static let unsupportedMediaType: HTTPStatus = 415
    /// 429 Too Many Requests.
    public static let tooManyRequests: HTTPStatus = 429
    /// 500 Internal Server Error.
    public static let internalServerError: HTTPStatus = 500
    /// 501 Not Implemented (a transfer coding the daemon does not implement).
    public static let notImplemented: HTTPStatus = 501
    /// 503 Service Unavailable (e.g. session cap reached).
    public static let serviceUnavailable: HTTPStatus = 503
    /// 504 Gateway Timeout.
    public static let gatewayTimeout: HTTPStatus = 504
}
