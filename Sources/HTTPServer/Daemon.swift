import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A running HTTP server: libmicrohttpd with a pool of worker threads, each on its own epoll
/// loop, answering every request through one `Responder`.
///
/// Starts in `init` and serves until `stop` (or `runUntilSignalled`). Each request is read whole
/// (body capped at `maxBodySize`, else 413) and handed to the responder on a worker thread. A
/// responder that must wait for its answer returns `Response.deferred`: the connection is then
/// suspended (it still counts against `connectionLimit`) and the worker serves others meanwhile.
///
/// `@unchecked Sendable` because it wraps the C daemon handle: the handle is set once in `init`,
/// libmicrohttpd allows quiesce and stop from any thread, and `stop` is serialised by a `Mutex`.
public final class Daemon: @unchecked Sendable {
    /// The address bound, as configured.
    public let host: String
    /// The port actually bound: the configured one, or the kernel's choice when it was 0.
    public let port: Int
    /// Worker threads that call the responder (at most this many calls run at once).
    public let threadCount: Int

    private let handle: OpaquePointer
    private let context: ServerContext
    private let contextReference: Unmanaged<ServerContext>
    private let stopped = Mutex(false)

    /// Binds, starts the worker threads and begins answering with `responder`.
    ///
    /// Throws `HTTPServerError` with `addressInUse`, `permissionDenied`, `addressUnavailable`,
    /// `invalidHost`, `invalidPort`, `socketFailed` or `startFailed`.
    public init(responder: some Responder, configuration: Configuration = Configuration()) throws(HTTPServerError) {
        let socket = try ListenSocket.open(host: configuration.host, port: configuration.port, backlog: configuration.listenBacklog)
        let suspended: SuspendedConnections
        do {
            suspended = try SuspendedConnections.start()
        } catch {
            close(socket.descriptor)
            throw error
        }
        let context = ServerContext(responder: responder, configuration: configuration, suspended: suspended)
        let reference = Unmanaged.passRetained(context)
        let threads = max(1, configuration.threadCount)
        var options = Self.options(configuration, listenSocket: socket.descriptor, threads: threads)
        // ITC (an eventfd per thread) is what lets MHD_quiesce_daemon, and MHD_resume_connection
        // called from other threads, wake the pool's epoll loops; ALLOW_SUSPEND_RESUME implies it.
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let started = options.withUnsafeMutableBufferPointer {
            cmhd_start_daemon(flags, cmhdHandleRequest, cmhdBeginRequest, cmhdEndRequest, reference.toOpaque(), $0.baseAddress)
        }
        guard let started else {
            close(socket.descriptor)
            suspended.stop()
            suspended.join()
            reference.release()
            throw HTTPServerError(.startFailed, "libmicrohttpd refused to start on \(configuration.host):\(socket.port)")
        }
        self.handle = started
        self.context = context
        self.contextReference = reference
        self.host = configuration.host
        self.port = socket.port
        self.threadCount = threads
    }

    deinit {
        stop(gracePeriod: .zero)
    }

    /// Requests currently between their request line and their end (waiting deferred ones included).
    public var inFlightCount: Int { context.inFlight.load(ordering: .acquiring) }

    /// Deferred responses currently waiting, their connections suspended.
    public var waitingCount: Int { context.suspended.count }

    /// Stops gracefully: stops accepting connections at once, answers every waiting deferred
    /// response with its fallback at once (rather than waiting out its timeout), lets requests in
    /// flight finish (their responses carry `Connection: close`) for at most `gracePeriod`, then
    /// closes every connection and joins the worker threads. Idempotent; returns when fully
    /// stopped. Never call it from the responder: it joins the very thread the responder runs on.
    public func stop(gracePeriod: Duration = .seconds(10)) {
        stopped.withLock { isStopped in
            guard !isStopped else { return }
            isStopped = true
            context.isStopping.store(true, ordering: .relaxed)
            let listenSocket = MHD_quiesce_daemon(handle)
            // Quiesced, nobody accepts, but the kernel would still queue connections in the
            // backlog until the close below. Shutting the socket down refuses them at once while
            // keeping the descriptor valid for the worker threads, as libmicrohttpd requires.
            if listenSocket >= 0 { shutdown(listenSocket, Int32(SHUT_RDWR)) }
            // Resumes every suspended connection (libmicrohttpd must not be stopped with one) and
            // makes deferred responses started from now on end at once with their fallback.
            context.suspended.stop()
            let deadline = ContinuousClock.now + gracePeriod
            while context.inFlight.load(ordering: .acquiring) > 0, ContinuousClock.now < deadline {
                usleep(2_000)
            }
            MHD_stop_daemon(handle)
            context.suspended.join()
            // After a quiesce the listen socket is ours to close, and only once the threads are gone.
            if listenSocket >= 0 { close(listenSocket) }
            contextReference.release()
        }
    }

    private static func options(_ configuration: Configuration, listenSocket: Int32, threads: Int) -> [MHD_OptionItem] {
        var options = [
            MHD_OptionItem(option: .LISTEN_SOCKET, value: Int(listenSocket), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: max(1, configuration.connectionLimit), ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.connectionMemoryLimit, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.timeoutSeconds, ptr_value: nil),
        ]
        if threads > 1 {
            options.append(MHD_OptionItem(option: .THREAD_POOL_SIZE, value: threads, ptr_value: nil))
        }
        options.append(MHD_OptionItem(option: .END, value: 0, ptr_value: nil))
        return options
    }
}
