import CardEngine
import CardFormSupport
import Foundation
import Payments
import Synchronization

/// What every route shares: configuration, the compiled resources, the sessions, the engine's
/// environment and the logger. Created once by `serve` (or a test) and handed to the router.
final class AppContext: Sendable {
    let configuration: ServerConfiguration
    let store: any SessionStore
    /// `store` when it is the in-memory one, called as itself on a page's events: through
    /// `any SessionStore` the generic `withSession` runs unspecialized and builds
    /// `SessionLookup<T>`'s metadata at run time on every keystroke (~650 instructions, a third
    /// of the lookup's cost). A store that waits on the network has bigger costs than that. Both
    /// reach the one `SessionStore.withSession`: `MemorySessionStore` must not overload it.
    ///
    /// Unretained: `store` holds the same object for as long as this context lives, and reached
    /// through a retained reference, the one store both worker threads share had its count written
    /// by each of them on every event.
    let memoryStore: Unmanaged<MemorySessionStore>?
    let logger: Logger
    let payments: PaymentService
    /// What `GET /metrics` reports that is counted as it happens.
    let metrics = Metrics()
    /// The session options the server applies where a request does not set them.
    let defaults: JSONObject?
    /// What pages render with and sessions run in now. Read without a lock unless `--dev` may
    /// swap it (`replace`): every keystroke reads it, and a lock both worker threads take moves
    /// its cache line between the cores each time.
    private let fixed: Loaded?
    private let current: Mutex<Loaded>
    private let reloadProblem = Mutex<ResourceError?>(nil)

    init(
        configuration: ServerConfiguration, resources: FormResources, binLookup: any BINLookup = BINTable.default,
        clock: EngineClock = .system, logger: Logger = .standard
    ) throws(ServerConfigurationError) {
        self.configuration = configuration
        self.logger = logger
        let backend = try configuration.store.resolve()
        let store = backend.sessionStore(lifetime: configuration.sessionLifetime, capacity: configuration.maxSessions)
        self.store = store
        self.memoryStore = (store as? MemorySessionStore).map { Unmanaged.passUnretained($0) }
        let settings = try PaymentSettings(configuration: configuration, backend: backend, logger: logger)
        self.payments = PaymentService(
            coordinator: PaymentCoordinator(settings: settings, logger: logger), store: store, metrics: metrics, logger: logger,
            pollInterval: backend.isShared ? .milliseconds(250) : nil)
        self.defaults = Self.addingNameRules(configuration.cardholderNameRules, to: try Self.checkedDefaults(configuration.defaults))
        let environment = SessionEnvironment(binLookup: binLookup, clock: clock, catalogs: resources.catalogs)
        let loaded = Loaded(resources: resources, environment: environment, dev: configuration.dev)
        self.fixed = configuration.dev ? nil : loaded
        self.current = Mutex(loaded)
    }

    /// The resources, their renderer and the environment as one reference: a page event takes
    /// one reference count, not one for the resources, one for a renderer made of them and one for
    /// each class the environment holds.
    final class Loaded: Sendable {
        let resources: FormResources
        /// The renderer of `resources`, made once rather than for every event.
        let renderer: FormRenderer
        /// The environment new sessions get (BIN data, clock, catalogs).
        let environment: SessionEnvironment

        init(resources: FormResources, environment: SessionEnvironment, dev: Bool) {
            self.resources = resources
            self.renderer = FormRenderer(resources: resources, dev: dev)
            self.environment = environment
        }
    }

    /// What pages render with and sessions run in now.
    var loaded: Loaded { fixed ?? current.withLock { $0 } }

    /// The resources pages render with now.
    var resources: FormResources { loaded.resources }

    /// The environment new sessions get (BIN data, clock, catalogs).
    var environment: SessionEnvironment { loaded.environment }

    /// Retires idle sessions (see `SessionStore.sweep`) and releases what each held outside the
    /// store: its vaulted card, its payment attempts, the pages waiting on it. With a store that
    /// other instances share, one of them may have retired a session whose card is vaulted here
    /// (or Redis dropped it): each session this instance holds something for is looked up too,
    /// and released once it is not live, so no instance keeps an ended session's card past its
    /// next pass. A record that cannot be read is logged and counted, and the pass goes on; what
    /// this instance holds for it stays held (the session may well be live).
    func sweepSessions(now: Date = Date()) {
        do {
            let started = ContinuousClock.now
            let result = try store.sweep(now: now)
            metrics.recordSweep(ContinuousClock.now - started)
            for record in result.unreadable { storeFailed(.unreadable(record), during: "sweep") }
            for id in result.retired { payments.sessionEnded(id) }
            for id in payments.coordinator.heldSessions.subtracting(result.retired) {
                do throws(StoreError) {
                    if case .live = try store.withSession(id[...], now: now, { _ in }) { continue }
                } catch .unreadable(let record) {
                    storeFailed(.unreadable(record), during: "sweep")
                    continue
                }
                payments.sessionEnded(id)
            }
        } catch {
            storeFailed(error, during: "sweep")
        }
    }

    /// Counts (`cardform_store_errors_total`, and `cardform_store_unreadable_records_total` by
    /// reason) and logs a store failure (the log takes no free text, so an outage's reason stays
    /// out; an unreadable record's reason is one of a few constants). Every store failure, in a
    /// request or a sweep, passes here.
    func storeFailed(_ error: StoreError, during: StaticString) {
        metrics.recordStoreError(error)
        switch error {
        case .unavailable:
            logger.log("store-unavailable", ["during": .text(during)])
        case .full:
            logger.log("store-full", ["during": .text(during)])
        case .unreadable(let record):
            // The reason and the format byte: no record bytes, the id as its prefix only.
            let (reason, session) = (record.reason.label, record.session)
            if let format = record.format {
                logger.log(
                    "store-record-unreadable",
                    ["during": .text(during), "reason": .text(reason), "format": .int(Int(format)), "session": .idPrefix(session)])
            } else {
                logger.log("store-record-unreadable", ["during": .text(during), "reason": .text(reason), "session": .idPrefix(session)])
            }
        }
    }

    /// Swaps in freshly loaded resources (`--dev` live reload); sessions pick up the new catalogs
    /// on their next event.
    func replace(resources: FormResources) {
        precondition(fixed == nil, "resources are swapped only under --dev")
        current.withLock { loaded in
            var environment = loaded.environment
            environment.catalogs = resources.catalogs
            loaded = Loaded(resources: resources, environment: environment, dev: configuration.dev)
        }
    }

    /// `--dev`: why the last reload failed (pages show it until a save fixes it), or nil.
    var currentReloadProblem: ResourceError? { reloadProblem.withLock { $0 } }

    func setReloadProblem(_ problem: ResourceError?) {
        reloadProblem.withLock { $0 = problem }
    }

    /// The server's `cardholderName.rules` as a session default, beneath `defaults` (whose own
    /// `cardholderName` wins, being the more specific).
    private static func addingNameRules(_ rules: CardholderNameRules?, to defaults: JSONObject?) -> JSONObject? {
        guard let rules else { return defaults }
        let server = JSONObject([(key: "cardholderName", value: .object(JSONObject([(key: "rules", value: .string(rules.rawValue))])))])
        return SessionConfiguration.merge(defaults ?? JSONObject(), over: server, depth: 0)
    }

    /// `defaults` read as session options once at start, so that a bad one stops the server there.
    private static func checkedDefaults(_ object: JSONObject?) throws(ServerConfigurationError) -> JSONObject? {
        guard let object else { return nil }
        do {
            _ = try SessionConfiguration(object)
        } catch {
            throw ServerConfigurationError(key: "defaults", problem: error.description, source: "configuration")
        }
        return object
    }
}
