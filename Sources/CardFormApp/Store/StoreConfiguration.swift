import Foundation
import HTTPServer
import Payments

/// Where sessions and undelivered webhook events live (CONTRACT §8): `store.url` and `store.key`
/// for a Redis store shared by every instance, or memory with an optional `dataDir` for a durable
/// webhook outbox on disk.
///
/// Each key is checked alone as it is read (`keys`), and the combination once every source was
/// read (`resolve`): a Redis URL without a valid key, a key without a URL, or a data directory the
/// server cannot write is an error naming the key, so `serve` exits 2 instead of running with a
/// setting that does nothing.
struct StoreConfiguration: Sendable, Equatable {
    var url: RedisURL?
    var key: StoreKey?
    var dataDirectory: String?

    /// What the server runs with.
    enum Backend: Sendable {
        /// Sessions in this process; webhook events also written under `outboxDirectory` when set.
        case memory(outboxDirectory: URL?)
        /// Sessions and webhook events in Redis over one shared connection pool (it connects on
        /// first use), card data sealed with `box`.
        case redis(RedisPool, box: SecretBox)
    }

    /// The keys a file, the environment or a flag may set, checked one at a time.
    static let keys: [String: @Sendable (inout StoreConfiguration, ConfigValue) throws(ConfigValue.Problem) -> Void] = [
        "store.url": { config, value throws(ConfigValue.Problem) in
            let text = try value.nonEmptyString()
            do throws(RedisError) { config.url = try RedisURL(parsing: text) } catch { throw ConfigValue.Problem(error.message) }
        },
        "store.key": { config, value throws(ConfigValue.Problem) in config.key = try StoreKey(try value.nonEmptyString()) },
        "dataDir": { config, value throws(ConfigValue.Problem) in config.dataDirectory = try value.nonEmptyString() },
    ]

    /// The backend the keys describe together; creates `dataDir/outbox` when needed.
    func resolve() throws(ServerConfigurationError) -> Backend {
        guard let url else {
            if key != nil { throw Self.problem("store.key", "only used with store.url (card data in Redis); set store.url or remove store.key") }
            return .memory(outboxDirectory: try dataDirectory.map(Self.outboxDirectory))
        }
        guard let key else { throw Self.problem("store.key", "required when store.url is set: 64 hex characters (32 random bytes)") }
        if dataDirectory != nil {
            throw Self.problem("dataDir", "not used when store.url is set (the webhook outbox is in Redis); remove dataDir")
        }
        if case .socket(let path) = url.address { try Self.checkSocket(path) }
        return .redis(RedisPool(url: url, options: Self.poolOptions), box: key.box)
    }

    /// A socket path is checked once at start, unlike a TCP host: a missing socket is a typo or a
    /// redis-server without `unixsocket` far more often than a server still starting (systemd
    /// starts cardform after it), and it would otherwise show only as 503s with no reason logged.
    private static func checkSocket(_ path: String) throws(ServerConfigurationError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            throw problem("store.url", "no Unix socket at \(path): \(reason) (is redis-server's unixsocket set to it, and running?)")
        }
        guard status.st_mode & S_IFMT == S_IFSOCK else { throw problem("store.url", "\(path) is not a Unix socket") }
        // Connecting needs write permission on the socket: without it every request would be a 503.
        guard access(path, W_OK) == 0 else {
            throw problem(
                "store.url",
                "the Unix socket \(path) is not writable by this user (redis-server's unixsocketperm, or the unit's SupplementaryGroups=redis)")
        }
    }

    /// Connections for every libmicrohttpd worker at once (each request holds one for a call or
    /// two) with room for the payment and webhook tasks beside them.
    static var poolOptions: RedisPool.Options {
        var options = RedisPool.Options()
        options.maxConnections = max(options.maxConnections, 2 * Daemon.processorCount + 8)
        return options
    }

    /// `DIR/outbox`, created if missing; it must be a directory the server can write.
    private static func outboxDirectory(_ path: String) throws(ServerConfigurationError) -> URL {
        let directory = URL(fileURLWithPath: path, isDirectory: true).appendingPathComponent("outbox", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw problem("dataDir", "cannot create \(directory.path): \((error as NSError).localizedDescription)")
        }
        guard access(directory.path, W_OK | X_OK) == 0 else { throw problem("dataDir", "\(directory.path) is not writable") }
        return directory
    }

    private static func problem(_ key: String, _ message: String) -> ServerConfigurationError {
        ServerConfigurationError(key: key, problem: message, source: "configuration")
    }
}

/// `store.key`: 32 bytes written as 64 hex characters, checked when read. Never printed: its
/// description is a placeholder, so a configuration in a log or a test failure shows no key.
struct StoreKey: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    let box: SecretBox
    /// Lower case, for equality only (the configuration is `Equatable`).
    private let hex: String

    init(_ hex: String) throws(ConfigValue.Problem) {
        do { box = try SecretBox(hexKey: hex) } catch { throw ConfigValue.Problem(error.message) }
        self.hex = hex.lowercased()
    }

    static func == (lhs: StoreKey, rhs: StoreKey) -> Bool { lhs.hex == rhs.hex }

    var description: String { "<64 hex characters>" }
    var debugDescription: String { description }
}
