/// An HTTP status code. libmicrohttpd writes the reason phrase, so only the number is kept.
public struct HTTPStatus: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var code: Int

    public init(_ code: Int) { self.code = code }
    public init(rawValue: Int) { self.code = rawValue }
    public init(integerLiteral value: Int) { self.code = value }

    public var rawValue: Int { code }
    public var description: String { String(code) }

    public static let ok: HTTPStatus = 200
    public static let created: HTTPStatus = 201
    public static let noContent: HTTPStatus = 204
    public static let movedPermanently: HTTPStatus = 301
    public static let found: HTTPStatus = 302
    public static let seeOther: HTTPStatus = 303
    public static let notModified: HTTPStatus = 304
    public static let badRequest: HTTPStatus = 400
    public static let unauthorized: HTTPStatus = 401
    public static let forbidden: HTTPStatus = 403
    public static let notFound: HTTPStatus = 404
    public static let methodNotAllowed: HTTPStatus = 405
    public static let gone: HTTPStatus = 410
    /// 413: what the server answers by itself for a body over the configured cap.
    public static let contentTooLarge: HTTPStatus = 413
    public static let unsupportedMediaType: HTTPStatus = 415
    public static let tooManyRequests: HTTPStatus = 429
    public static let internalServerError: HTTPStatus = 500
    public static let serviceUnavailable: HTTPStatus = 503
    public static let gatewayTimeout: HTTPStatus = 504
}
