import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The one thread that accepts connections and deals them out to the worker daemons in turn.
///
/// Why not libmicrohttpd's own thread pool: there every worker polls the listen socket and
/// accepts what is pending when it wakes, so a burst of connections (a load balancer's pool,
/// several iframes opening at once) lands on whichever worker woke first, and stays there for as
/// long as the clients keep their connections alive: one core busy, the others idle (measured:
/// the 8 connections of `make bench` all on one of two workers). Dealt out here, connection N
/// goes to worker N mod count.
///
/// It also keeps the connection limit: at the limit it stops accepting (new connections wait in
/// the kernel's backlog) until a connection closes (`connectionClosed`).
final class Acceptor: Sendable {
    private let listenSocket: Int32
    private let wake: Int32
    private let limit: Int
    /// Connections handed to a worker and not yet closed.
    private let open = Atomic<Int>(0)
    private let isStopping = Atomic<Bool>(false)
    private let thread = Mutex<pthread_t?>(nil)
    /// The worker daemons, set once by `start`. A `Mutex` only to be `Sendable`: read once.
    private let workers = Mutex<[DaemonHandle]>([])

    init(listenSocket: Int32, limit: Int) throws(HTTPServerError) {
        let wake = cmhd_eventfd_create()
        guard wake >= 0 else { throw .system("eventfd for the accepting thread", errno: errno) }
        self.listenSocket = listenSocket
        self.wake = wake
        self.limit = max(1, limit)
    }

    /// Starts accepting for `workers` (started with `MHD_USE_NO_LISTEN_SOCKET`).
    func start(_ workers: [OpaquePointer]) throws(HTTPServerError) {
        self.workers.withLock { $0 = workers.map(DaemonHandle.init) }
        let argument = Unmanaged.passRetained(self).toOpaque()
        var created = pthread_t()
        let result = pthread_create(&created, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<Acceptor>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, argument)
        guard result == 0 else {
            Unmanaged<Acceptor>.fromOpaque(argument).release()
            throw .system("starting the accepting thread", errno: result)
        }
        thread.withLock { $0 = created }
    }

    /// A connection a worker had closed (libmicrohttpd's `MHD_CONNECTION_NOTIFY_CLOSED`).
    func connectionClosed() {
        // Only a thread waiting at the limit needs waking.
        if open.subtract(1, ordering: .relaxed).oldValue >= limit { signal() }
    }

    /// Stops accepting and joins the thread. Connections still in the backlog are refused when
    /// the socket is shut down; the descriptor is the caller's to close afterwards.
    func stop() {
        isStopping.store(true, ordering: .relaxed)
        signal()
        if let thread = thread.withLock({ $0.take() }) { pthread_join(thread, nil) }
        shutdown(listenSocket, Int32(SHUT_RDWR))
        close(wake)
    }

    private func run() {
        let workers = workers.withLock { $0 }
        var next = 0
        while !isStopping.load(ordering: .relaxed) {
            let atLimit = open.load(ordering: .relaxed) >= limit
            var watched = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            if !atLimit { watched.append(pollfd(fd: listenSocket, events: Int16(POLLIN), revents: 0)) }
            guard poll(&watched, nfds_t(watched.count), -1) > 0 else { continue }
            if watched[0].revents != 0 {
                var count: UInt64 = 0
                _ = read(wake, &count, MemoryLayout<UInt64>.size)
            }
            guard watched.count > 1, watched[1].revents != 0 else { continue }
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let client = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    accept(listenSocket, $0, &length)
                }
            }
            guard client >= 0 else {
                // A client that gave up before we accepted (EAGAIN, ECONNABORTED) or a signal:
                // poll again. Anything else (out of descriptors, above all) would fail again at
                // once: wait a little for it to pass rather than spin.
                if errno != EAGAIN && errno != EINTR && errno != ECONNABORTED { usleep(10_000) }
                continue
            }
            // Set apart rather than with accept4, which Swift's Glibc module does not declare.
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            let worker = workers[next % workers.count]
            next &+= 1
            open.add(1, ordering: .relaxed)
            let added = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { MHD_add_connection(worker.pointer, client, $0, length) }
            }
            // Refused (out of memory): libmicrohttpd has closed the socket, and will never report it.
            if added != .YES { open.subtract(1, ordering: .relaxed) }
        }
    }

    private func signal() {
        var one: UInt64 = 1
        _ = write(wake, &one, MemoryLayout<UInt64>.size)
    }
}

/// A worker's `MHD_Daemon *`. `@unchecked Sendable`: `MHD_add_connection` may be called from any
/// thread (the daemons run with `MHD_USE_ITC` for that), and the pointer outlives the acceptor.
struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
