/// A route's template (`/s/:id/input`), as the access log reports it.
///
/// Made only from string literals (`StaticString`), so a path, an id or anything else a request
/// carries can never become a route name and reach a log line.
public struct RouteName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let staticString: StaticString

    public init(_ name: StaticString) {
        staticString = name
    }

    public init(stringLiteral value: StaticString) {
        staticString = value
    }

    public var description: String { staticString.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }

    // Compared and hashed on the literal's bytes, without making a String: every request's metrics
    // count goes by its route name.
    public static func == (lhs: RouteName, rhs: RouteName) -> Bool {
        lhs.staticString.withUTF8Buffer { left in
            rhs.staticString.withUTF8Buffer { right in
                left.count == right.count && (left.baseAddress == right.baseAddress || left.elementsEqual(right))
            }
        }
    }

    public func hash(into hasher: inout Hasher) {
        staticString.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
