import Dispatch
import Synchronization

/// A few `RedisConnection`s shared by every thread that needs Redis (libmicrohttpd's workers, the
/// payment and webhook tasks), each connection lent to one caller at a time.
///
/// Connections are opened on demand up to `maxConnections` and kept for reuse. One that broke is
/// dropped, and one whose server closed it while idle (Redis restarted) is noticed before reuse
/// (`looksAlive`) and replaced, so the first command after Redis is back works. While Redis is
/// down every call fails within its timeouts with a `RedisError`: nothing falls back, nothing hangs.
final class RedisPool: Sendable {
    struct Options: Sendable, Hashable {
        var timeouts = RedisConnection.Timeouts()
        /// Connections open at most; callers beyond wait for one to come back.
        var maxConnections = 16
        /// How long a caller waits for a free connection before `poolExhausted`.
        var checkoutTimeout: Duration = .seconds(2)
    }

    let url: RedisURL
    let options: Options
    /// One permit per connection that may be lent; a caller takes one before anything else.
    private let permits: DispatchSemaphore
    private let idle = Mutex<[RedisConnection]>([])
    /// Each script's hash by its name, with the source it was loaded from: a lookup hashes the
    /// short name, not the whole source, and the sources compare in O(1) when they are the same
    /// literal (a script renamed or edited in a test is loaded again rather than misrun).
    private let scriptHashes = Mutex<[String: (source: String, hash: String)]>([:])

    init(url: RedisURL, options: Options = Options()) {
        self.url = url
        self.options = options
        permits = DispatchSemaphore(value: options.maxConnections)
    }

    /// Lends a connection to `body`, then takes it back (or drops it when it broke).
    func withConnection<T>(_ body: (RedisConnection) throws(RedisError) -> T) throws(RedisError) -> T {
        guard permits.wait(timeout: .now() + options.checkoutTimeout.dispatchInterval) == .success else {
            throw RedisError(.poolExhausted, "all \(options.maxConnections) connections to \(url) stayed busy")
        }
        defer { permits.signal() }
        let connection = try checkOut()
        defer { if !connection.isBroken { idle.withLock { $0.append(connection) } } }
        return try body(connection)
    }

    /// Runs one command on a pooled connection.
    @discardableResult
    func run(_ command: RedisCommand) throws(RedisError) -> RedisReply {
        try withConnection { connection throws(RedisError) in try connection.run(command) }
    }

    /// Runs `script` (`EVALSHA`, loading it once per server with `SCRIPT LOAD`; a server that lost
    /// its script cache, as a restarted one has, gets the source again with `EVAL`).
    func evaluate(_ script: RedisScript, keys: [any RedisArgument], arguments: [any RedisArgument]) throws(RedisError) -> RedisReply {
        let size = keys.reduce(arguments.reduce(0) { $0 + $1.redisByteCount }) { $0 + $1.redisByteCount }
        var frames = RedisFrames(reserving: size + 16 * (keys.count + arguments.count + 1))
        frames.append(keys.count)
        for key in keys { frames.append(key) }
        for argument in arguments { frames.append(argument) }
        return try evaluate(script, frames)
    }

    /// Runs `script` on `arguments`, framed as the script call takes them after its hash: the
    /// keys' count, the keys, then the arguments. They are sent as they are, after the command's
    /// name and the script's hash (or its source), never copied.
    func evaluate(_ script: RedisScript, _ arguments: RedisFrames) throws(RedisError) -> RedisReply {
        try withConnection { connection throws(RedisError) in
            let cached = scriptHashes.withLock { $0[script.name] }.flatMap { $0.source == script.source ? $0.hash : nil }
            let hash = if let cached { cached } else { try load(script, on: connection) }
            do throws(RedisError) {
                return try connection.run(Self.command("EVALSHA", hash, arguments))
            } catch where error.code == .server && error.message.hasPrefix("NOSCRIPT") {
                return try connection.run(Self.command("EVAL", script.source, arguments))
            }
        }
    }

    /// `EVALSHA hash` or `EVAL source`, then the script's arguments.
    private static func command(_ name: String, _ script: String, _ arguments: RedisFrames) -> RedisCommand {
        var command = RedisCommand(name, reserving: script.utf8.count, tail: arguments)
        command.append(script)
        return command
    }

    /// Closes the idle connections (those lent out close when they come back broken or at deinit).
    func closeIdle() {
        idle.withLock { $0.removeAll() }
    }

    private func load(_ script: RedisScript, on connection: RedisConnection) throws(RedisError) -> String {
        let hash = try connection.run(RedisCommand("SCRIPT", "LOAD", script.source)).text()
        scriptHashes.withLock { $0[script.name] = (script.source, hash) }
        return hash
    }

    /// An idle connection that still looks alive, else a new one.
    private func checkOut() throws(RedisError) -> RedisConnection {
        while let connection = idle.withLock({ $0.popLast() }) {
            if connection.looksAlive { return connection }
        }
        return try RedisConnection(url: url, timeouts: options.timeouts)
    }
}

/// A Lua script run atomically on the server; `name` is for messages and names its cached hash
/// (`RedisPool.evaluate`).
struct RedisScript: Sendable, Hashable {
    var name: String
    var source: String
}

extension Duration {
    /// The duration as Dispatch's interval (microsecond precision is plenty for timeouts).
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .microseconds(Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000))
    }
}
