import Foundation

/// Where the shared store lives (`store.url`): `redis://[:password@]host[:port][/db]`, port 6379
/// and database 0 when left out, or a Redis on the same host over its Unix socket,
/// `redis+unix://[:password@]/path/to/redis.sock[?db=N]`. Anything else is refused with a message
/// saying what to write, rather than half understood: `rediss://` (TLS), a user name, options
/// other than the socket's `db`.
struct RedisURL: Sendable, Hashable, CustomStringConvertible {
    /// How a connection reaches the server.
    enum Address: Sendable, Hashable {
        case tcp(host: String, port: Int)
        /// An absolute path, percent-decoded, short enough for `sun_path`.
        case socket(path: String)
    }

    var address: Address
    /// Percent-decoded; nil when the URL has none.
    var password: String?
    var database: Int

    static let tcpForm = "redis://[:password@]host:port/db"
    static let socketForm = "redis+unix://[:password@]/path/to/redis.sock?db=N"

    /// Parses `text`, or explains what is wrong with it.
    init(parsing text: String) throws(RedisError) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("rediss://") {
            throw Self.invalid("TLS (rediss://) is not supported: reach Redis over a private network with redis://")
        }
        if lowered.hasPrefix("redis+unix://") {
            self = try RedisURL(socket: text.dropFirst("redis+unix://".count))
            return
        }
        guard lowered.hasPrefix("redis://") else {
            throw Self.invalid("must start with redis:// (\(Self.tcpForm)), or redis+unix:// for a Unix socket (\(Self.socketForm))")
        }
        let rest = text.dropFirst("redis://".count)
        guard !rest.contains("?"), !rest.contains("#") else {
            throw Self.invalid("options after ? or # are not supported (\(Self.tcpForm))")
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        if let at = authority.lastIndex(of: "@") {
            password = try Self.password(from: authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        let (host, port) = try Self.hostAndPort(authority)
        address = .tcp(host: host, port: port)
        database = try Self.database(from: rest[slash...])
    }

    /// The URL with its password hidden, for logs and errors.
    var description: String {
        let secret = password == nil ? "" : ":***@"
        switch address {
        case .tcp(let host, let port):
            return "redis://\(secret)\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
        case .socket(let path):
            return "redis+unix://\(secret)\(path)?db=\(database)"
        }
    }

    static func invalid(_ message: String) -> RedisError { RedisError(.invalidURL, message) }

    static func password(from userInfo: Substring) throws(RedisError) -> String {
        guard userInfo.first == ":" else {
            throw invalid("a user name is not supported: write the password alone, redis://:PASSWORD@host:port/db")
        }
        guard let decoded = String(userInfo.dropFirst()).removingPercentEncoding, !decoded.isEmpty else {
            throw invalid("the password is empty or badly percent-encoded")
        }
        return decoded
    }

    private static func hostAndPort(_ authority: Substring) throws(RedisError) -> (String, Int) {
        var host = authority
        var portText: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { throw invalid("an IPv6 host needs its closing ]") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw invalid("expected :port after the IPv6 host") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        let allowed = host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) }
        guard !host.isEmpty, allowed else { throw invalid("the host is missing or has characters a host name cannot have") }
        guard let portText else { return (String(host), 6379) }
        guard let port = Int(portText), (1...65_535).contains(port) else { throw invalid("the port must be a number from 1 to 65535") }
        return (String(host), port)
    }

    private static func database(from path: Substring) throws(RedisError) -> Int {
        let digits = path.drop { $0 == "/" }
        guard path.count - digits.count <= 1 else { throw invalid("the path must be /DB, a database number") }
        return try databaseNumber(digits, example: "redis://host:port/0")
    }

    /// `digits` as a database number (0 when empty), or a message pointing at `example`.
    static func databaseNumber(_ digits: Substring, example: String) throws(RedisError) -> Int {
        if digits.isEmpty { return 0 }
        guard digits.allSatisfy(\.isASCII), let database = Int(digits), (0...65_535).contains(database) else {
            throw invalid("the database must be a number (\(example))")
        }
        return database
    }
}
