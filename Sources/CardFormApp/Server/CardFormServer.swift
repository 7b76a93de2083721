import CardEngine
import Dispatch
import Foundation
import HTTPServer
import Synchronization

/// A running cardform server: the app context, the daemon answering HTTP, and the background
/// sweeper that expires idle sessions. `serve` makes one; tests make one on port 0.
final class CardFormServer {
    let app: AppContext
    let daemon: Daemon
    private let sweeper: DispatchSourceTimer
    /// `--dev`: the folders watcher and its poll timer.
    let reloader: DevReloader?
    private let reloadTimer: DispatchSourceTimer?

    /// One worker thread per core when requests never wait (sessions in memory); two per core
    /// when each waits a round trip to the store. Measured with `bench/store.sh` on 2 cores
    /// (Redis store, 64 shoppers): 2 threads 7,400 keystrokes/s, 4 threads 8,600, 8 threads 5,800.
    static func workerThreads(for store: any SessionStore) -> Int {
        Daemon.processorCount * (store.waitsOnNetwork ? 2 : 1)
    }

    init(app: AppContext, host: String, port: Int, sources: FormResources.Sources = .init()) throws(HTTPServerError) {
        self.app = app
        let reloader = app.devResources.map { DevReloader(app: app, resources: $0, sources: sources) }
        self.reloader = reloader
        let logger = app.logger
        let requests = RequestCounter()
        let metrics = app.metrics
        var configuration = Daemon.Configuration(host: host, port: port)
        configuration.rejectionHeaders = SecureResponse.baseline
        configuration.requestTimeout = .milliseconds(app.configuration.requestTimeoutMs)
        configuration.connectionsPerAddress = app.configuration.connectionsPerAddress
        configuration.threadCount = Self.workerThreads(for: app.store)
        if let certificate = app.configuration.tlsCert, let key = app.configuration.tlsKey {
            configuration.tls = try TLSCredentials.load(certificatePath: certificate, keyPath: key)
        }
        configuration.onRequestCompleted = { entry in
            let nanoseconds = Metrics.nanoseconds(entry.duration)  // once, for the metrics and the log line
            metrics.record(entry, nanoseconds: nanoseconds)
            logger.logRequest(
                id: requests.next(), method: entry.method.label, route: entry.route?.staticString ?? "unmatched",
                status: entry.status?.code ?? 0, durationUs: nanoseconds / 1_000)
        }
        daemon = try Daemon(responder: Router(app: app, reloader: reloader), configuration: configuration)
        if let reloader {
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "cardform.dev-reload"))
            timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
            timer.setEventHandler { reloader.check() }
            timer.resume()
            reloadTimer = timer
        } else {
            reloadTimer = nil
        }
        // Sessions are looked at often enough that one never outlives its time (idle or maximum)
        // by more than a tenth of it (and at most 30 s).
        let lifetime = app.configuration.sessionLifetime
        let interval = min(min(lifetime.idle, lifetime.maximum) / 10, 30)
        sweeper = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "cardform.sweeper"))
        sweeper.schedule(deadline: .now() + interval, repeating: interval)
        sweeper.setEventHandler { app.sweepSessions() }
        sweeper.resume()
    }

    var port: Int { daemon.port }

    /// Stops accepting, finishes what is in flight, stops the sweeper.
    func stop() {
        sweeper.cancel()
        reloadTimer?.cancel()
        reloader?.releaseWaiters()
        daemon.stop(gracePeriod: .seconds(10))
        app.payments.coordinator.webhooks?.shutdownBlocking(gracePeriod: .seconds(5))
    }

    deinit {
        sweeper.cancel()
        reloadTimer?.cancel()
    }
}

/// Numbers requests in the access log.
private final class RequestCounter: Sendable {
    private let value = Atomic<Int>(0)
    func next() -> Int { value.wrappingAdd(1, ordering: .relaxed).newValue }
}
