import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The connections suspended for deferred responses, and the one thread that ends their waits:
/// at their deadline (fallback) or when the client hangs up, which libmicrohttpd does not notice
/// while a connection is suspended. One thread per daemon, whatever the number of waits.
///
/// The rule that keeps libmicrohttpd safe: a connection is registered here only once suspended,
/// and whoever removes its entry (a completion, the watcher, `stop`) settles it first and resumes
/// it, exactly once, under the lock. So a connection is never resumed twice nor before it was
/// suspended, and once `stop` returns none is left suspended (`MHD_stop_daemon` would abort).
final class SuspendedConnections: Sendable {
    typealias Instant = ContinuousClock.Instant

    private struct Entry {
        let completion: ResponseCompletion
        let connection: ConnectionHandle
        /// The connection's socket, watched for hang-ups; -1 when libmicrohttpd did not say.
        let socket: Int32
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var deadlines = DeadlineQueue()
        /// Set by `stop`: nothing more is registered and the watcher exits.
        var isClosed = false
    }

    /// The epoll key of the wake-up eventfd; completion ids start above it.
    private static let wakeKey: UInt64 = 0

    private let state = Mutex(State())
    private let nextID = Atomic<UInt64>(wakeKey + 1)
    private let epoll: Int32
    private let wake: Int32
    private let watcher = Mutex<pthread_t?>(nil)

    /// Opens the epoll set and starts the watcher thread.
    static func start() throws(HTTPServerError) -> SuspendedConnections {
        let epoll = cmhd_epoll_create()
        let wake = cmhd_eventfd_create()
        guard epoll >= 0, wake >= 0, cmhd_epoll_add(epoll, wake, wakeKey, 1) == 0 else {
            let number = errno
            if epoll >= 0 { close(epoll) }
            if wake >= 0 { close(wake) }
            throw .system("epoll set-up for deferred responses", errno: number)
        }
        let registry = SuspendedConnections(epoll: epoll, wake: wake)
        try registry.startWatcher()
        return registry
    }

    private init(epoll: Int32, wake: Int32) {
        self.epoll = epoll
        self.wake = wake
    }

    /// Deferred responses now waiting.
    var count: Int { state.withLock { $0.entries.count } }

    /// A new handle for a deferred response about to start.
    func makeCompletion() -> ResponseCompletion {
        ResponseCompletion(id: nextID.add(1, ordering: .relaxed).oldValue, registry: self)
    }

    /// Registers a connection the calling worker has just suspended. When the wait ended
    /// meanwhile, or the daemon is stopping (the wait then ends `.stopped`), resumes it at once.
    func add(_ completion: ResponseCompletion, connection: OpaquePointer, deadline: Instant) {
        let socket = cmhd_connection_socket(connection)
        let isEarliest = state.withLock { state in
            if state.isClosed { _ = completion.settle(.stopped) }
            guard !state.isClosed, completion.finishSuspending() else {
                MHD_resume_connection(connection)
                return false
            }
            state.entries[completion.id] = Entry(completion: completion, connection: ConnectionHandle(connection), socket: socket)
            if socket >= 0 { _ = cmhd_epoll_add(epoll, socket, completion.id, 0) }
            return state.deadlines.insert(completion.id, at: deadline)
        }
        if isEarliest { wakeWatcher() }
    }

    /// Resumes the connection of a completion that has just settled, unless someone else did.
    func resume(_ id: UInt64) {
        state.withLock { state in
            guard let entry = state.entries.removeValue(forKey: id) else { return }
            release(entry)
            // Waits completed early leave their deadlines behind; bound what they hold.
            if state.deadlines.count > 2 * state.entries.count + 64 {
                let live = state.entries
                state.deadlines.compact { live[$0] != nil }
            }
        }
    }

    /// Ends every wait with `.stopped` (the fallback is sent), refuses new ones and lets the
    /// watcher exit. Returns once every suspended connection has been resumed.
    func stop() {
        state.withLock { state in
            state.isClosed = true
            for entry in state.entries.values {
                _ = entry.completion.settle(.stopped)
                release(entry)
            }
            state.entries = [:]
        }
        wakeWatcher()
    }

    /// Waits for the watcher thread to exit (after `stop`) and closes its descriptors.
    func join() {
        guard let thread = watcher.withLock({ $0.take() }) else { return }
        pthread_join(thread, nil)
        close(epoll)
        close(wake)
    }

    /// Under the lock, with the entry removed: the socket leaves the epoll set before libmicrohttpd
    /// may close it (a reused descriptor must not inherit the watch), then the connection resumes.
    private func release(_ entry: Entry) {
        if entry.socket >= 0 { _ = cmhd_epoll_remove(epoll, entry.socket) }
        MHD_resume_connection(entry.connection.pointer)
    }

    private func startWatcher() throws(HTTPServerError) {
        let argument = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            let registry = Unmanaged<SuspendedConnections>.fromOpaque(argument).takeRetainedValue()
            registry.watch()
            return nil
        }, argument)
        guard result == 0 else {
            Unmanaged<SuspendedConnections>.fromOpaque(argument).release()
            close(epoll)
            close(wake)
            throw .system("starting the deferred-response thread", errno: result)
        }
        watcher.withLock { $0 = thread }
    }

    /// The watcher thread: sleeps until the earliest deadline or a hang-up, ends what is due.
    private func watch() {
        var keys = [UInt64](repeating: 0, count: 64)
        while let timeout = state.withLock({ $0.isClosed ? nil : $0.deadlines.millisecondsUntilEarliest(from: .now) }) {
            let ready = keys.withUnsafeMutableBufferPointer { cmhd_epoll_wait(epoll, $0.baseAddress, Int32($0.count), timeout) }
            var hungUp: [UInt64] = []
            for key in keys.prefix(Int(max(0, ready))) {
                if key == Self.wakeKey { drainWake() } else { hungUp.append(key) }
            }
            let now = ContinuousClock.now
            state.withLock { state in
                for id in hungUp { end(id, as: .clientLeft, in: &state) }
                while let id = state.deadlines.popDue(at: now) { end(id, as: .timedOut, in: &state) }
            }
        }
    }

    private func end(_ id: UInt64, as ending: DeferredEnding, in state: inout State) {
        guard let entry = state.entries.removeValue(forKey: id) else { return }
        _ = entry.completion.settle(ending)
        release(entry)
    }

    private func wakeWatcher() {
        var one: UInt64 = 1
        _ = write(wake, &one, MemoryLayout<UInt64>.size)
    }

    private func drainWake() {
        var count: UInt64 = 0
        _ = read(wake, &count, MemoryLayout<UInt64>.size)
    }
}

/// A suspended `MHD_Connection *`. `@unchecked Sendable` because libmicrohttpd documents
/// `MHD_resume_connection` as callable from any thread, and the pointer stays valid while the
/// connection is suspended: libmicrohttpd frees it only after it was resumed and closed.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}
