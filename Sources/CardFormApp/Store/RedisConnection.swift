import CRedis
#if canImport(Glibc)
import Glibc
#endif

/// One blocking hiredis connection, authenticated and on its database, used by one thread at a time.
///
/// `@unchecked Sendable` because it wraps a C handle (`redisContext *`) that hiredis does not make
/// thread-safe: `RedisPool` hands each connection to one caller at a time (checked out under its
/// lock, checked back in after the call), so the handle is never touched by two threads at once.
///
/// After any transport failure (timeout, a closed socket, garbage) the connection is `isBroken`
/// and must be thrown away: a reply that arrives late would otherwise be read as the answer to the
/// next command.
final class RedisConnection: @unchecked Sendable {
    /// How long to wait for a TCP connection, and for each command's reply.
    struct Timeouts: Sendable, Hashable {
        var connect: Duration = .seconds(1)
        var command: Duration = .seconds(1)
    }

    private let context: UnsafeMutablePointer<redisContext>
    private(set) var isBroken = false

    /// Connects to `url`, then authenticates and selects its database; the connection answers
    /// (PING) before this returns.
    init(url: RedisURL, timeouts: Timeouts) throws(RedisError) {
        guard let context = Self.connect(url.address, within: Self.timeval(timeouts.connect)) else {
            throw RedisError(.connectionFailed, "cannot allocate a connection to \(url)")
        }
        guard context.pointee.err == 0 else {
            let reason = String(cString: credis_errstr(context))
            redisFree(context)
            throw RedisError(.connectionFailed, "cannot connect to \(url): \(reason)")
        }
        self.context = context
        // TCP only: hiredis's keep-alive also sets TCP options, which a Unix socket refuses with
        // an error that would stay on the context and fail every command after it.
        if case .tcp = url.address { _ = redisEnableKeepAlive(context) }
        _ = redisSetTimeout(context, Self.timeval(timeouts.command))
        try handshake(url)
    }

    deinit { redisFree(context) }

    /// Sends `command` and waits for its reply. An error reply is thrown as `.server` with the
    /// server's message; transport failures break the connection.
    func run(_ command: RedisCommand) throws(RedisError) -> RedisReply {
        guard !isBroken else { throw RedisError(.connectionLost, "the connection broke earlier") }
        let raw = Self.send(command, on: context)
        guard let raw else { throw breakOff(command) }
        defer { freeReplyObject(raw) }
        guard let reply = RedisReply(copying: raw.assumingMemoryBound(to: redisReply.self)) else {
            isBroken = true
            throw RedisError(.protocolError, "\(command): a reply type this client does not read")
        }
        if case .error(let message) = reply { throw RedisError(.server, message) }
        return reply
    }

    /// Whether the idle connection still looks usable: nothing broke it and the server has not
    /// closed its end (a restarted server did; its FIN makes the socket readable). One `poll`,
    /// no round trip.
    var looksAlive: Bool {
        guard !isBroken else { return false }
        var descriptor = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    private func handshake(_ url: RedisURL) throws(RedisError) {
        do {
            if let password = url.password { _ = try run(RedisCommand("AUTH", password)) }
            if url.database != 0 { _ = try run(RedisCommand("SELECT", url.database)) }
            _ = try run(RedisCommand("PING"))
        } catch where error.code == .server {
            let refusedPassword = error.message.hasPrefix("NOAUTH") || error.message.hasPrefix("WRONGPASS")
                || error.message.contains("invalid password") || error.message.contains("no password is set")
            throw refusedPassword
                ? RedisError(.authenticationFailed, "\(url) refused the connection's credentials: \(error.message)")
                : RedisError(.connectionFailed, "\(url): \(error.message)")
        }
    }

    /// Marks the connection broken and says why, from hiredis's error flags and `errno`.
    private func breakOff(_ command: RedisCommand) -> RedisError {
        let failure = errno
        isBroken = true
        let reason = String(cString: credis_errstr(context))
        switch context.pointee.err {
        case REDIS_ERR_IO where failure == EAGAIN || failure == EWOULDBLOCK:
            return RedisError(.timeout, "\(command): no reply within the command timeout")
        case REDIS_ERR_PROTOCOL:
            return RedisError(.protocolError, "\(command): \(reason)")
        default:
            return RedisError(.connectionLost, "\(command): \(reason.isEmpty ? "the connection closed" : reason)")
        }
    }

    /// Hands hiredis the command as the protocol sends it, its header then its arguments and
    /// their tail (`redisAppendFormattedCommand` only appends to the output buffer, so the parts
    /// make one command), then waits for the reply (`redisGetReply` sends the buffer first): what
    /// `redisCommandArgv` does, without formatting the arguments a second time.
    private static func send(_ command: RedisCommand, on context: UnsafeMutablePointer<redisContext>) -> UnsafeMutableRawPointer? {
        let append = { (buffer: UnsafeRawBufferPointer) in
            redisAppendFormattedCommand(context, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), buffer.count) == REDIS_OK
        }
        guard command.withHeader(append), command.frames.bytes.withUnsafeBytes(append),
            command.tail.count == 0 || command.tail.bytes.withUnsafeBytes(append)
        else { return nil }
        var reply: UnsafeMutableRawPointer?
        guard redisGetReply(context, &reply) == REDIS_OK else { return nil }
        return reply
    }

    private static func connect(_ address: RedisURL.Address, within timeout: Glibc.timeval) -> UnsafeMutablePointer<redisContext>? {
        switch address {
        case .tcp(let host, let port): redisConnectWithTimeout(host, Int32(port), timeout)
        case .socket(let path): redisConnectUnixWithTimeout(path, timeout)
        }
    }

    private static func timeval(_ duration: Duration) -> Glibc.timeval {
        let (seconds, attoseconds) = duration.components
        return Glibc.timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }
}
