#if canImport(Glibc)
import Glibc
#endif

extension Daemon {
    /// How the daemon listens, how many threads it runs and what it bounds. Every default is safe
    /// for a public server; tests shrink the limits to reach them quickly.
    public struct Configuration: Sendable {
        /// IPv4 address to bind (`127.0.0.1` by default, `0.0.0.0` for every interface, or `localhost`).
        public var host: String
        /// TCP port; 0 asks the kernel for a free one (read it back from `Daemon.port`).
        public var port: Int
        /// Worker threads in libmicrohttpd's pool, each with its own epoll loop; the responder runs
        /// on them. Defaults to the number of online cores.
        public var threadCount: Int
        /// Open connections across all threads; past it, new connections wait in the backlog
        /// until one closes. Connections waiting on a deferred response count too.
        public var connectionLimit: Int
        /// Bytes libmicrohttpd may use per connection for the request line, headers and read buffer.
        /// A request whose headers do not fit is answered 431/413 by libmicrohttpd itself; one
        /// that fits but leaves no room for the answer (`HeadRoom`) gets our 431. One gap is
        /// libmicrohttpd's own: a head whose last cookie's record is what does not fit (with 32 KB,
        /// a cookie of about 32.3–32.4 KB) is closed with no answer.
        public var connectionMemoryLimit: Int
        /// Open connections from one client address (an IPv4 address, an IPv6 /64); a connection
        /// past it is closed at once, so one client cannot take the places of all the others.
        public var connectionsPerAddress: Int
        /// A connection is closed when a whole request (TLS handshake, head and body) has not
        /// arrived within this long of the connection opening or of its previous answer being
        /// sent; so an idle keep-alive connection is closed after it too. It does not run while a
        /// request waits on a deferred response.
        public var requestTimeout: Duration
        /// A connection on which nothing moves (a client that stopped reading, a stalled client)
        /// is closed after this long; whole seconds, rounded up. `.zero` means never (not
        /// advised). It does not run while a connection waits on a deferred response (whose own
        /// timeout applies), and restarts after.
        public var connectionTimeout: Duration
        /// Largest request body passed to the responder; larger ones are answered 413 by the daemon.
        public var maxBodySize: Int
        /// An over-cap body without `Content-Length` (chunked) is read and discarded so the client
        /// can be told 413; past this many discarded bytes the connection is simply closed.
        public var maxDiscardedBodySize: Int
        /// Pending connections the kernel queues before the daemon accepts them.
        public var listenBacklog: Int32
        /// Serve HTTPS (TLS 1.2 and 1.3 only) with these credentials; plain HTTP when nil.
        public var tls: TLSCredentials?
        /// The `Strict-Transport-Security` header added to every answer sent over TLS (unless the
        /// responder set one).
        public var strictTransportSecurity: String
        /// Headers added to the answers the daemon makes by itself (400 for a malformed head, 413,
        /// 501, a 500 in place of an answer libmicrohttpd refused) where they lack one of that name.
        public var rejectionHeaders: HTTPHeaders
        /// Called once per request that reached the daemon's handler, after its response was sent
        /// (or the client left). On a worker thread: keep it quick. Carries no body, query or path.
        public var onRequestCompleted: (@Sendable (RequestLogEntry) -> Void)?

        /// A configuration; every argument defaults to the value described on its property.
        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            threadCount: Int = Daemon.processorCount,
            connectionLimit: Int = 1024,
            connectionMemoryLimit: Int = 32 * 1024,
            connectionsPerAddress: Int = 64,
            requestTimeout: Duration = .seconds(10),
            connectionTimeout: Duration = .seconds(30),
            maxBodySize: Int = 16 * 1024,
            maxDiscardedBodySize: Int = 1024 * 1024,
            listenBacklog: Int32 = 511,
            tls: TLSCredentials? = nil,
            strictTransportSecurity: String = "max-age=31536000",
            rejectionHeaders: HTTPHeaders = Configuration.defaultRejectionHeaders,
            onRequestCompleted: (@Sendable (RequestLogEntry) -> Void)? = nil
        ) {
            self.host = host
            self.port = port
            self.threadCount = threadCount
            self.connectionLimit = connectionLimit
            self.connectionMemoryLimit = connectionMemoryLimit
            self.connectionsPerAddress = connectionsPerAddress
            self.requestTimeout = requestTimeout
            self.connectionTimeout = connectionTimeout
            self.maxBodySize = maxBodySize
            self.maxDiscardedBodySize = maxDiscardedBodySize
            self.listenBacklog = listenBacklog
            self.tls = tls
            self.strictTransportSecurity = strictTransportSecurity
            self.rejectionHeaders = rejectionHeaders
            self.onRequestCompleted = onRequestCompleted
        }

        /// What the daemon's own answers carry by default: never sniffed as another type, never
        /// stored, and, should a browser render one, no content, script or framing allowed.
        public static let defaultRejectionHeaders: HTTPHeaders = [
            .xContentTypeOptions: "nosniff",
            .cacheControl: "no-store",
            .contentSecurityPolicy: "default-src 'none'; frame-ancestors 'none'",
            .referrerPolicy: "no-referrer",
        ]

        /// The timeout as libmicrohttpd takes it: whole seconds, rounded up, 0 for none.
        var timeoutSeconds: Int {
            let (seconds, attoseconds) = connectionTimeout.components
            return max(0, Int(seconds) + (attoseconds > 0 ? 1 : 0))
        }
    }

    /// Online cores, the default pool size: more threads than cores only adds switching, since
    /// each worker runs its own event loop and the responder never blocks.
    public static var processorCount: Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }
}
