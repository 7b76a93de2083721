import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import CardFormApp

/// A real `redis-server` (Debian's) for one test: on a free loopback port and on a Unix socket in
/// its own temporary folder (`socketPath`), persisting nothing (`--save ""`, no append-only file). It answers PING before `start`
/// returns, and it is killed when the test drops it, whether the test passed or not.
///
/// Starting and stopping wait on Dispatch threads: a test blocking Swift's cooperative threads
/// (two on this machine) would stall every other suite's awaits for seconds.
final class RedisServerProcess: @unchecked Sendable {
    static let executable = "/usr/bin/redis-server"

    private(set) var port: Int
    let password: String?
    let folder: TemporaryFolder
    private var process: ChildProcess?

    private init(password: String?) throws {
        folder = try TemporaryFolder()
        self.password = password
        port = try Loopback.reservedPort()
    }

    /// A running server; with `password`, it requires that password (`requirepass`). A port
    /// another process took meanwhile makes redis-server exit; the next one is tried.
    static func start(password: String? = nil) async throws -> RedisServerProcess {
        let server = try RedisServerProcess(password: password)
        for _ in 0..<4 {
            do {
                try await server.start()
                return server
            } catch is PortTaken {
                server.port = try Loopback.reservedPort()
            }
        }
        try await server.start()
        return server
    }

    /// redis-server exited at once: its port was taken.
    struct PortTaken: Error {}

    deinit { process?.stop(signal: SIGKILL, grace: .zero) }

    /// `redis://[:password@]127.0.0.1:<port>/<database>`.
    func url(database: Int = 0, password: String? = nil) throws -> RedisURL {
        let secret = (password ?? self.password).map { ":\($0)@" } ?? ""
        return try RedisURL(parsing: "redis://\(secret)127.0.0.1:\(port)/\(database)")
    }

    /// Where it also listens: `redis.sock` in its folder.
    var socketPath: String { folder.path("redis.sock") }

    /// `redis+unix://[:password@]<socketPath>?db=<database>`.
    func socketURL(database: Int = 0, password: String? = nil) throws -> RedisURL {
        let secret = (password ?? self.password).map { ":\($0)@" } ?? ""
        return try RedisURL(parsing: "redis+unix://\(secret)\(socketPath)?db=\(database)")
    }

    /// Starts (again) on the same port and waits until it answers, at most 10 s.
    func start() async throws {
        try await onOwnThread { try self.startBlocking() }
    }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s) and waits for it to exit.
    func stop() async throws {
        try await onOwnThread {
            self.process?.stop()
            self.process = nil
        }
    }

    private func startBlocking() throws {
        var arguments = [
            "--port", "\(port)", "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
            "--dir", folder.url.path, "--daemonize", "no", "--protected-mode", "no",
            "--unixsocket", socketPath, "--unixsocketperm", "700",
        ]
        if let password { arguments += ["--requirepass", password] }
        process = try ChildProcess(Self.executable, arguments, logPath: folder.path("redis.log"))
        let url = try url()
        let deadline = ContinuousClock.now + .seconds(10)
        var lastError: RedisError?
        while ContinuousClock.now < deadline {
            guard process?.isRunning == true else { throw PortTaken() }
            do {
                _ = try RedisConnection(url: url, timeouts: .init(connect: .milliseconds(200), command: .milliseconds(200)))
                return
            } catch {
                lastError = error
                usleep(10_000)
            }
        }
        throw HarnessError("redis-server did not answer within 10 s: \(lastError.map(String.init(describing:)) ?? "") \(process?.log ?? "")")
    }

    /// Freezes the server (SIGSTOP): connections stay open, nothing answers.
    func pause() { process?.send(SIGSTOP) }

    /// Thaws a paused server.
    func resume() { process?.send(SIGCONT) }
}
