import CardFormSupport

/// Why a Redis call produced no usable answer. Every failure of the client is one of these, never
/// a crash and never a silent fallback: callers map them to their own errors (a 503, a log line).
typealias RedisError = CodedError<RedisFailure>

/// The codes of `RedisError`.
enum RedisFailure: String, ErrorCode {
    /// `store.url` is neither `redis://[:password@]host[:port][/db]` nor
    /// `redis+unix://[:password@]/path/to/redis.sock[?db=N]`.
    case invalidURL = "invalid-url"
    /// No connection within the connect timeout (refused, unreachable, unknown host, no socket
    /// at the path).
    case connectionFailed = "connection-failed"
    /// The server refused the password, or wants one and none was given.
    case authenticationFailed = "authentication-failed"
    /// A command's reply did not arrive within the command timeout.
    case timeout
    /// The connection broke during a command (the server went away or closed it).
    case connectionLost = "connection-lost"
    /// The server's bytes were not the protocol.
    case protocolError = "protocol-error"
    /// The server answered with an error reply (`-ERR …`, `-WRONGTYPE …`, `-NOSCRIPT …`).
    case server = "server-error"
    /// The reply was well formed but not of the shape the command promises.
    case unexpectedReply = "unexpected-reply"
    /// Every pooled connection stayed busy for the whole checkout timeout.
    case poolExhausted = "pool-exhausted"
    /// An optimistic update lost its compare-and-set every time it tried.
    case contention

    /// `redis timeout: …` in a log line, rather than a bare `timeout: …`.
    static var domain: String? { "redis" }
}

extension RedisError {
    /// Whether the server itself (not the connection) refused the command.
    var isServerReply: Bool { code == .server }
}
