/// An HTTP request method, compared exactly as sent (methods are case-sensitive).
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token, e.g. `GET`.
    public var rawValue: String

    /// A method from its token.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A method from a literal: `let m: HTTPMethod = "PATCH"`.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The common methods; any other token is `HTTPMethod(rawValue:)`.
    public static let get: HTTPMethod = "GET"
    public static let head: HTTPMethod = "HEAD"
    public static let post: HTTPMethod = "POST"
    public static let put: HTTPMethod = "PUT"
    public static let patch: HTTPMethod = "PATCH"
    public static let delete: HTTPMethod = "DELETE"
    public static let options: HTTPMethod = "OPTIONS"

    public var description: String { rawValue }
}
