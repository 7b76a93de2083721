import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A long-running child process a test starts (redis-server, `cardform serve`), with its output
/// in a log file. Stopped when the test drops it, however the test ends: `deinit` kills what is
/// still running and reaps it, so no test leaves a process behind.
///
/// Spawned with `posix_spawn` for the reason `Cardform.run` gives, and with every inherited
/// descriptor above stderr closed, so a child never keeps another suite's sockets open.
final class ChildProcess: Sendable {
    let pid: pid_t
    let executable: String
    let logPath: String
    /// The raw wait status, once reaped.
    private let exitStatus = Mutex<Int32?>(nil)

    /// Starts `executable` with `arguments`, the test's environment overlaid with `environment`,
    /// stdout and stderr appended to `logPath`.
    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], logPath: String) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw HarnessError("\(executable) is not installed (make test installs it)")
        }
        self.executable = executable
        self.logPath = logPath
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        Self.closeFrom(3, &actions)
        // Default dispositions and an empty mask: the test process may ignore or block SIGTERM
        // (a server's signal handling), and a child would inherit that across exec.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Cardform.SpawnFailed(errno: spawned) }
        self.pid = pid
    }

    deinit { _ = stop(signal: SIGKILL, grace: .zero) }

    /// Whether the process has not exited yet (reaps it if it has).
    var isRunning: Bool {
        exitStatus.withLock { status in
            guard status == nil else { return false }
            var raw: Int32 = 0
            if waitpid(pid, &raw, WNOHANG) == pid { status = raw }
            return status == nil
        }
    }

    /// Waits up to `timeout` for the process to exit by itself; its exit code, or nil if it still runs
    /// (or was killed by a signal).
    func waitForExit(timeout: Duration) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while isRunning, ContinuousClock.now < deadline { usleep(5_000) }
        guard let status = exitStatus.withLock({ $0 }), status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
    }

    /// Sends `signal`, waits up to `grace` for the exit, then kills and reaps; returns the raw wait status.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, grace: Duration = .seconds(5)) -> Int32 {
        guard isRunning else { return exitStatus.withLock { $0 } ?? 0 }
        kill(pid, signal)
        _ = waitForExit(timeout: grace)
        if isRunning {
            kill(pid, SIGKILL)
            var raw: Int32 = 0
            while waitpid(pid, &raw, 0) < 0, errno == EINTR {}
            exitStatus.withLock { $0 = raw }
        }
        return exitStatus.withLock { $0 } ?? 0
    }

    /// Sends `signal` and leaves the process running (SIGSTOP, SIGCONT).
    func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// What the process wrote so far.
    var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), looked up at run time because
    /// Swift's Glibc module does not declare it (it needs `_GNU_SOURCE`).
    private static func closeFrom(_ lowest: Int32, _ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, lowest)
    }
}

/// Runs blocking work on a thread of its own: a test that waits on a process, a socket or Redis
/// must hold neither one of Swift's cooperative threads nor one of Dispatch's global queue (both
/// pools are a few threads wide here, and URLSession and the other suites need them).
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
