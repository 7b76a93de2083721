import CardFormSupport
import Dispatch
import Foundation
import Synchronization

/// Delivers webhook events in the background: signed (`CardForm-Signature`), retried with
/// exponential back-off until the receiver answers 2xx, never blocking whoever enqueues.
///
/// Each event is one task on `ThreadPoolExecutor.background` that sleeps between tries, so an
/// event in back-off holds no thread, one slow receiver answer never delays another event, and
/// no work elsewhere in the process (on Swift's cooperative pool) delays a try or a retry. The queue is
/// bounded (`capacity` events not yet delivered): past it, new events are dropped and logged, so a
/// receiver that is down for long cannot grow memory without limit.
///
/// Every event is written to the `outbox` before its first try and removed after a 2xx. A sweep,
/// at start and every `sweepInterval`, takes back what the outbox holds undelivered from a process
/// that stopped (this one's last run after a crash, or another instance) and delivers it with its
/// original id and bytes: at least once, receivers deduplicate by `id`. With the in-memory outbox
/// a restart still loses what was not delivered.
public final class WebhookDispatcher: Sendable {
    /// Where and how events are delivered.
    struct Configuration: Sendable {
        /// `webhook.url`.
        var url: URL
        /// `webhook.secret`: the HMAC key of every signature.
        var secret: String
        /// The wait after the first failed try; each further failure doubles it, up to `maxDelay`.
        var baseDelay: Duration = .seconds(1)
        var maxDelay: Duration = .seconds(600)
        /// One try's whole-exchange deadline.
        var attemptTimeout: Duration = .seconds(10)
        /// Events held (queued, in delivery or in back-off) at most.
        var capacity = 1_000
        /// How often the outbox is asked for abandoned events (and told this process is alive:
        /// keep it well under a shared outbox's lease).
        var sweepInterval: Duration = .seconds(10)

        init(url: URL, secret: String) {
            self.url = url
            self.secret = secret
        }
    }

    let configuration: Configuration
    let outbox: any WebhookOutbox
    private let signature: WebhookSignature
    private let client: HTTPClient
    private let logger: Logger
    private let clock: @Sendable () -> Date
    private let state = Mutex(State())

    private struct State {
        var deliveries: [Int: Task<Void, Never>] = [:]
        var nextKey = 0
        var isStopped = false
        var sweeper: Task<Void, Never>?
    }

    /// A dispatcher posting to `configuration.url` through `client`, keeping events in `outbox`;
    /// it starts by delivering what `outbox` holds from an earlier run.
    init(
        configuration: Configuration, outbox: any WebhookOutbox = MemoryOutbox(), client: HTTPClient = HTTPClient(),
        logger: Logger = .silent, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.outbox = outbox
        self.signature = WebhookSignature(secret: configuration.secret)
        self.client = client
        self.logger = logger
        self.clock = clock
        let sweeper = Task(executorPreference: ThreadPoolExecutor.background) { [weak self] in
            while let interval = self?.sweep() {
                do { try await ThreadPoolExecutor.background.sleep(for: interval) } catch { return }
            }
        }
        state.withLock { $0.sweeper = sweeper }
    }

    deinit {
        state.withLock { $0.sweeper?.cancel() }
    }

    /// Events accepted and not yet delivered (nor given up at shutdown).
    var pendingCount: Int { state.withLock { $0.deliveries.count } }

    /// What waits in the outbox: this process's undelivered events (and, shared, every instance's).
    public func outboxStats() throws(OutboxError) -> OutboxStats {
        try outbox.stats()
    }

    /// Writes `event` to the outbox, starts delivering it and returns at once; false when it was
    /// dropped (queue full, or shut down). An outbox that fails to write is logged and the event
    /// is still delivered from memory.
    @discardableResult
    func enqueue(_ event: WebhookEvent) -> Bool {
        guard state.withLock({ !$0.isStopped && $0.deliveries.count < configuration.capacity }) else {
            logger.log("webhook.dropped", ["reason": .text("queue full or stopped")])
            return false
        }
        let entry = OutboxEntry(event)
        do throws(OutboxError) { try outbox.add(entry) } catch {
            logger.log("webhook.outbox_failed", ["operation": .text("add")])
        }
        return start(entry)
    }

    /// Takes back abandoned events, as many as there is room for; returns when to sweep again
    /// (nil once stopped).
    private func sweep() -> Duration? {
        let room = state.withLock { $0.isStopped ? nil : configuration.capacity - $0.deliveries.count }
        guard let room else { return nil }
        do throws(OutboxError) {
            let abandoned = try outbox.claimAbandoned(limit: room)
            if !abandoned.isEmpty { logger.log("webhook.resumed", ["count": .int(abandoned.count)]) }
            for entry in abandoned { start(entry) }
        } catch {
            logger.log("webhook.outbox_failed", ["operation": .text("claim")])
        }
        return configuration.sweepInterval
    }

    @discardableResult
    private func start(_ entry: OutboxEntry) -> Bool {
        state.withLock { state -> Bool in
            guard !state.isStopped else { return false }
            let key = state.nextKey
            state.nextKey += 1
            // Created under the lock, so `finished(key)` (which takes it) always finds the entry.
            state.deliveries[key] = Task(executorPreference: ThreadPoolExecutor.background) { [self] in
                await deliver(entry)
                finished(key)
            }
            return true
        }
    }

    /// Stops taking events, gives those held up to `gracePeriod` to be delivered, then cancels the
    /// rest (a try in flight is abandoned, back-off sleeps end) and returns once every task ended.
    func shutdown(gracePeriod: Duration = .seconds(5)) async {
        // Counted on the deliveries' executor: a caller's busy pool must not eat the grace period.
        await withTaskExecutorPreference(ThreadPoolExecutor.background) { await stopDelivering(gracePeriod: gracePeriod) }
    }

    private func stopDelivering(gracePeriod: Duration) async {
        let sweeper = state.withLock { state in
            state.isStopped = true
            return state.sweeper
        }
        sweeper?.cancel()
        await sweeper?.value
        let deadline = ContinuousClock.now + gracePeriod
        while pendingCount > 0, ContinuousClock.now < deadline {
            try? await ThreadPoolExecutor.background.sleep(for: .milliseconds(10))
        }
        let remaining = state.withLock { Array($0.deliveries.values) }
        for task in remaining { task.cancel() }
        for task in remaining { await task.value }
        if !remaining.isEmpty { logger.log("webhook.abandoned", ["count": .int(remaining.count)]) }
    }

    /// `shutdown(gracePeriod:)` for synchronous callers (the serve command after the daemon
    /// stopped, a test server's teardown). Blocks the calling thread, never a background one.
    public func shutdownBlocking(gracePeriod: Duration = .seconds(5)) {
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: ThreadPoolExecutor.background) { [self] in
            await shutdown(gracePeriod: gracePeriod)
            done.signal()
        }
        done.wait()
    }

    /// The wait after failed try number `attempt` (1-based): doubling from `baseDelay`, capped at
    /// `maxDelay`, with its upper half jittered so receivers coming back are not hit all at once.
    func delay(afterAttempt attempt: Int) -> Duration {
        Backoff(base: configuration.baseDelay, cap: configuration.maxDelay).delay(afterAttempt: attempt)
    }

    private func deliver(_ entry: OutboxEntry) async {
        var attempt = 1
        while !Task.isCancelled {
            let header = signature.header(for: entry.body, timestamp: Int(clock().timeIntervalSince1970))
            let outcome = await client.postJSON(
                to: configuration.url, body: entry.body, headers: [(WebhookSignature.headerName, header)],
                timeout: configuration.attemptTimeout)
            if case .success(let response) = outcome, response.isSuccess {
                logger.log("webhook.delivered", ["attempt": .int(attempt)])
                do throws(OutboxError) { try outbox.remove(entry.id) } catch {
                    logger.log("webhook.outbox_failed", ["operation": .text("remove")])
                }
                return
            }
            let status = if case .success(let response) = outcome { response.status } else { 0 }
            logger.log("webhook.retry", ["attempt": .int(attempt), "status": .int(status)])
            do { try await ThreadPoolExecutor.background.sleep(for: delay(afterAttempt: attempt)) } catch { return }
            attempt += 1
        }
    }

    private func finished(_ key: Int) {
        _ = state.withLock { $0.deliveries.removeValue(forKey: key) }
    }
}
