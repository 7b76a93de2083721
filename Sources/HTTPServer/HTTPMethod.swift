/// An HTTP request method, compared exactly as sent (methods are case-sensitive).
///
/// Each common method carries a number of its own: a method is compared on every request (by
/// the route table, the middlewares, the access log and the metrics), and two common methods
/// compare as one byte each, inlined, while comparing two strings calls into the runtime. Any
/// other token is compared as its text.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method token, e.g. `GET`.
    public let rawValue: String
    /// 1 to 7 for the common methods, 0 for any other token (never one of their spellings:
    /// `init(rawValue:)` sees to it, so a method has one form).
    @usableFromInline let code: UInt8

    private init(code: UInt8, _ rawValue: String) {
        self.code = code
        self.rawValue = rawValue
    }

    /// A method from its token.
    public init(rawValue: String) {
        self.rawValue = rawValue
        code = switch rawValue {
        case "GET": 1
        case "HEAD": 2
        case "POST": 3
        case "PUT": 4
        case "PATCH": 5
        case "DELETE": 6
        case "OPTIONS": 7
        default: 0
        }
    }

    /// A method from a literal: `let m: HTTPMethod = "PATCH"`.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The common methods; any other token is `HTTPMethod(rawValue:)`. Made on each use (a byte
    /// and a literal) rather than kept in a global read through a `swift_once`.
    public static var get: HTTPMethod { HTTPMethod(code: 1, "GET") }
    public static var head: HTTPMethod { HTTPMethod(code: 2, "HEAD") }
    public static var post: HTTPMethod { HTTPMethod(code: 3, "POST") }
    public static var put: HTTPMethod { HTTPMethod(code: 4, "PUT") }
    public static var patch: HTTPMethod { HTTPMethod(code: 5, "PATCH") }
    public static var delete: HTTPMethod { HTTPMethod(code: 6, "DELETE") }
    public static var options: HTTPMethod { HTTPMethod(code: 7, "OPTIONS") }

    public var description: String { rawValue }

    // Written out: a `RawRepresentable` type would otherwise take the standard library's `==`
    // and `hash(into:)`, which compare and hash `rawValue` always.
    @inlinable
    public static func == (lhs: HTTPMethod, rhs: HTTPMethod) -> Bool {
        lhs.code == rhs.code && (lhs.code != 0 || lhs.rawValue == rhs.rawValue)
    }

    public func hash(into hasher: inout Hasher) {
        if code != 0 { hasher.combine(code) } else { hasher.combine(rawValue) }
    }
}
