import CMicroHTTPD
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A running HTTP server: one libmicrohttpd daemon per worker thread, each on its own epoll
/// loop, fed connections in turn by one accepting thread (`Acceptor`), answering every request
/// through one `Responder`.
///
/// Starts in `init` and serves until `stop` (or `runUntilSignalled`). Each request is read whole
/// (body capped at `maxBodySize`, else 413) and handed to the responder on a worker thread. A
/// responder that must wait for its answer returns `Response.deferred`: the connection is then
/// suspended (it still counts against `connectionLimit`) and the worker serves others meanwhile.
///
/// `@unchecked Sendable` because it wraps the C daemon handles: they are set once in `init`,
/// libmicrohttpd allows stop from any thread, and `stop` is serialised by a `Mutex`.
public final class Daemon: @unchecked Sendable {
    /// The address bound, as configured.
    public let host: String
    /// The port actually bound: the configured one, or the kernel's choice when it was 0.
    public let port: Int
    /// Worker threads that call the responder (at most this many calls run at once).
    public let threadCount: Int
    /// How long each request has to arrive whole (`Configuration.requestTimeout`).
    public let requestTimeout: Duration
    /// Open connections allowed per client address (`Configuration.connectionsPerAddress`).
    public let connectionsPerAddress: Int
    /// Whether it speaks HTTPS (`Configuration.tls` was set).
    public let servesTLS: Bool

    private let handles: [OpaquePointer]
    /// The C strings the TLS options point at, kept for as long as the daemons run.
    private let tlsOptions: TLSOptions?
    private let listenSocket: Int32
    private let acceptor: Acceptor
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
        let acceptor: Acceptor
        do {
            acceptor = try Acceptor(listenSocket: socket.descriptor, limits: ConnectionTable.Limits(
                total: configuration.connectionLimit, perAddress: configuration.connectionsPerAddress,
                requestTimeout: configuration.requestTimeout))
        } catch {
            close(socket.descriptor)
            suspended.stop()
            suspended.join()
            throw error
        }
        let context = ServerContext(responder: responder, configuration: configuration, suspended: suspended, acceptor: acceptor)
        let reference = Unmanaged.passRetained(context)
        let threads = max(1, configuration.threadCount)
        let tls = configuration.tls.map(TLSOptions.init)
        var handles: [OpaquePointer] = []
        var failure: HTTPServerError?
        for _ in 0..<threads {
            guard let handle = Self.startWorker(configuration, tls: tls, context: reference) else {
                failure = HTTPServerError(.startFailed, "libmicrohttpd refused to start on \(configuration.host):\(socket.port)")
                break
            }
            handles.append(handle)
        }
        if failure == nil {
            do throws(HTTPServerError) { try acceptor.start(handles) } catch { failure = error }
        }
        if let failure {
            acceptor.stop()
            for handle in handles { MHD_stop_daemon(handle) }
            close(socket.descriptor)
            suspended.stop()
            suspended.join()
            reference.release()
            throw failure
        }
        self.handles = handles
        self.tlsOptions = tls
        self.listenSocket = socket.descriptor
        self.acceptor = acceptor
        self.context = context
        self.contextReference = reference
        self.host = configuration.host
        self.port = socket.port
        self.threadCount = threads
        self.requestTimeout = configuration.requestTimeout
        self.connectionsPerAddress = configuration.connectionsPerAddress
        self.servesTLS = configuration.tls != nil
    }

    /// One worker: a daemon with one internal thread and no listen socket of its own.
    private static func startWorker(
        _ configuration: Configuration, tls: TLSOptions?, context: Unmanaged<ServerContext>
    ) -> OpaquePointer? {
        var options = options(configuration)
        options.insert(contentsOf: tls?.items ?? [], at: 0)
        // ITC (an eventfd) is what lets MHD_add_connection from the accepting thread, and
        // MHD_resume_connection from others, wake the worker's epoll loop.
        let flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue | MHD_USE_NO_LISTEN_SOCKET.rawValue
            | (tls == nil ? 0 : MHD_USE_TLS.rawValue)
        return options.withUnsafeMutableBufferPointer {
            cmhd_start_daemon(
                flags, cmhdHandleRequest, cmhdBeginRequest, cmhdEndRequest, cmhdConnectionChanged, context.toOpaque(),
                $0.baseAddress)
        }
    }

    deinit {
        stop(gracePeriod: .zero)
    }

    /// Requests currently between their request line and their end (waiting deferred ones included).
    public var inFlightCount: Int { context.inFlight.sum }

    /// Connections open now (accepted and not yet closed), waiting ones included.
    public var openConnectionCount: Int { context.acceptor.openCount }

    /// Connections open now from `address` (`127.0.0.2`; for IPv6, from its /64), as the
    /// per-address share counts them; 0 for text that is not an IP address.
    public func openConnectionCount(from address: String) -> Int {
        ClientAddress(text: address).map(context.acceptor.openCount(from:)) ?? 0
    }

    #if DEBUG
    /// Bodies lent to libmicrohttpd and not yet given back (debug builds only; for tests).
    var lentBodyCount: Int { context.lentBodies.load(ordering: .acquiring) }
    #endif

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
            // Nobody accepts from here on, and the socket shut down refuses what waits in the
            // backlog at once rather than at the close below.
            acceptor.stop()
            // Resumes every suspended connection (libmicrohttpd must not be stopped with one) and
            // makes deferred responses started from now on end at once with their fallback.
            context.suspended.stop()
            let deadline = ContinuousClock.now + gracePeriod
            while context.inFlight.sum > 0, ContinuousClock.now < deadline {
                usleep(2_000)
            }
            for handle in handles { MHD_stop_daemon(handle) }
            context.suspended.join()
            close(listenSocket)
            contextReference.release()
        }
    }

    private static func options(_ configuration: Configuration) -> [MHD_OptionItem] {
        [
            // The acceptor keeps the limit across workers; each worker's own is only a backstop,
            // with room for connections it still counts while telling us they closed (a connection
            // handed over then would otherwise be refused, not left to wait).
            MHD_OptionItem(option: .CONNECTION_LIMIT, value: 2 * max(1, configuration.connectionLimit) + 16, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_MEMORY_LIMIT, value: configuration.connectionMemoryLimit, ptr_value: nil),
            MHD_OptionItem(option: .CONNECTION_TIMEOUT, value: configuration.timeoutSeconds, ptr_value: nil),
            MHD_OptionItem(option: .END, value: 0, ptr_value: nil),
        ]
    }
}
