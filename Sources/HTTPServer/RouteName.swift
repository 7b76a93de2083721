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

    public var description: String { "\(staticString)" }

    public static func == (lhs: RouteName, rhs: RouteName) -> Bool { lhs.description == rhs.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
