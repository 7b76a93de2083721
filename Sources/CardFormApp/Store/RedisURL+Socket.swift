import Foundation

extension RedisURL {
    /// The longest socket path the kernel takes: `sun_path` holds 108 bytes with the final NUL.
    /// hiredis would cut a longer one short and connect somewhere else, so it is refused here.
    static let longestSocketPath = 107

    /// `[:password@]/path/to/redis.sock[?db=N]`, what follows `redis+unix://`. The path is
    /// percent-decoded (a space is `%20`) and must be absolute; `db` is the one option.
    init(socket rest: Substring) throws(RedisError) {
        guard !rest.contains("#") else { throw Self.invalid("a # is not part of a socket URL (\(Self.socketForm))") }
        let query = rest.firstIndex(of: "?") ?? rest.endIndex
        var location = rest[..<query]
        // The password ends at the `@` just before the path's first `/`: an `@` inside the path
        // (`/run/redis@main/redis.sock`) is part of it.
        if location.first != "/", let slash = location.firstIndex(of: "/"), location[..<slash].last == "@" {
            password = try Self.password(from: location[..<location.index(before: slash)])
            location = location[slash...]
        }
        guard location.first == "/" else {
            throw Self.invalid("the socket path must be absolute, after the empty host: \(Self.socketForm)")
        }
        guard let path = String(location).removingPercentEncoding, !path.contains("\0") else {
            throw Self.invalid("the socket path is badly percent-encoded")
        }
        guard path.utf8.count <= Self.longestSocketPath else {
            throw Self.invalid("the socket path is longer than \(Self.longestSocketPath) bytes, the most a Unix socket address holds")
        }
        address = .socket(path: path)
        database = try Self.socketDatabase(query == rest.endIndex ? "" : rest[rest.index(after: query)...])
    }

    /// The query of a socket URL: empty, or `db=N`.
    private static func socketDatabase(_ query: Substring) throws(RedisError) -> Int {
        if query.isEmpty { return 0 }
        guard query.hasPrefix("db="), !query.contains("&") else {
            throw invalid("db=N is the one option of a socket URL (\(socketForm))")
        }
        let digits = query.dropFirst("db=".count)
        // `db=` with no number is a slip, not database 0 (the TCP form's empty path is).
        guard !digits.isEmpty else { throw invalid("db= needs a number (\(socketForm))") }
        return try databaseNumber(digits, example: "redis+unix:///path/to/redis.sock?db=0")
    }
}
