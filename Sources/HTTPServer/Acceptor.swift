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
/// It also keeps the limits of `ConnectionTable`: at the total limit it stops accepting (new
/// connections wait in the kernel's backlog) until a connection closes; a connection from an
/// address that has its share open is closed at once, so one client cannot crowd out the others;
/// and a connection that has not delivered its request in time is shut down, which its worker
/// notices and closes it. The workers take the table's lock only when a connection opens and
/// closes: their requests and answers set the connection's `ConnectionActivity` alone.
final class Acceptor: Sendable {
    private let listenSocket: Int32
    private let wake: Int32
    private let table: Mutex<ConnectionTable>
    private let isStopping = Atomic<Bool>(false)
    private let thread = Mutex<pthread_t?>(nil)
    /// The worker daemons, set once by `start`. A `Mutex` only to be `Sendable`: read once.
    private let workers = Mutex<[DaemonHandle]>([])

    init(listenSocket: Int32, limits: ConnectionTable.Limits) throws(HTTPServerError) {
        let wake = cmhd_eventfd_create()
        guard wake >= 0 else { throw .system("eventfd for the accepting thread", errno: errno) }
        self.listenSocket = listenSocket
        self.wake = wake
        self.table = Mutex(ConnectionTable(limits: limits))
    }

    /// Connections accepted and not yet closed.
    var openCount: Int { table.withLock { $0.count } }

    /// Connections accepted from `address` and not yet closed.
    func openCount(from address: ClientAddress) -> Int { table.withLock { $0.count(from: address) } }

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

    /// A connection a worker has closed (libmicrohttpd's `MHD_CONNECTION_NOTIFY_CLOSED`).
    func connectionClosed(_ socket: Int32) {
        // Only a thread waiting at the limit needs waking.
        if table.withLock({ $0.closed(socket) }) { signal() }
    }

    /// The activity of the connection on `socket`, which its worker marks when a request is in
    /// whole and when its answer is sent (the next deadline), without the table's lock; nil if it
    /// is not listed. Looked up once per connection, when libmicrohttpd starts it.
    func activity(on socket: Int32) -> ConnectionActivity? {
        table.withLock { $0.activity(on: socket) }
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
            let (atLimit, timeout) = table.withLock { ($0.isFull, $0.millisecondsUntilNextDeadline(from: .now)) }
            var watched = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            if !atLimit { watched.append(pollfd(fd: listenSocket, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&watched, nfds_t(watched.count), timeout)
            shutDownOverdue()
            guard ready > 0 else { continue }
            if watched[0].revents != 0 {
                var count: UInt64 = 0
                _ = read(wake, &count, MemoryLayout<UInt64>.size)
            }
            guard watched.count > 1, watched[1].revents != 0 else { continue }
            acceptOne(handingTo: workers[next % workers.count])
            next &+= 1
        }
    }

    /// Accepts one pending connection and hands it to `worker`, unless its address has its share.
    private func acceptOne(handingTo worker: DaemonHandle) {
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
            return
        }
        // TCP gives IPv4 or IPv6; anything else would share one count.
        let key = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ClientAddress($0) }
        } ?? ClientAddress(ipv4: 0)
        // This thread is the one sleeping until the earliest deadline: it needs no waking.
        guard table.withLock({ $0.open(client, from: key, at: .now) }) != nil else {
            close(client)
            return
        }
        // Set apart rather than with accept4, which Swift's Glibc module does not declare.
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
        let added = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { MHD_add_connection(worker.pointer, client, $0, length) }
        }
        // Refused (out of memory): libmicrohttpd has closed the socket, and will never report it.
        if added != .YES { _ = table.withLock { $0.closed(client) } }
    }

    /// Shuts down the connections whose request is overdue. Under the table's lock, so that a
    /// socket is never shut down after libmicrohttpd reported it closed (its number may be reused).
    private func shutDownOverdue() {
        table.withLock { table in
            while let socket = table.popOverdue(at: .now) { shutdown(socket, Int32(SHUT_RDWR)) }
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
