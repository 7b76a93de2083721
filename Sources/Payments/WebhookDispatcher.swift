import CardFormSupport
import Dispatch
import Foundation
import Synchronization

/// Delivers webhook events in the background: signed (`CardForm-Signature`), retried with
/// exponential back-off until the receiver answers 2xx, never blocking whoever enqueues.
///
/// Each event is one task on Swift's cooperative pool that sleeps between tries, so an event in
/// back-off holds no thread and one slow receiver answer never delays another event. The queue is
/// bounded (`capacity` events not yet delivered): past it, new events are dropped and logged, so a
/// receiver that is down for long cannot grow memory without limit. Events live in memory only; a
/// restart loses those not yet delivered.
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

        init(url: URL, secret: String) {
            self.url = url
            self.secret = secret
        }
    }

    let configuration: Configuration
    private let signature: WebhookSignature
    private let client: HTTPClient
    private let logger: Logger
    private let clock: @Sendable () -> Date
    private let state = Mutex(State())

    private struct State {
        var deliveries: [Int: Task<Void, Never>] = [:]
        var nextKey = 0
        var isStopped = false
    }

    /// A dispatcher posting to `configuration.url` through `client`.
    init(
        configuration: Configuration, client: HTTPClient = HTTPClient(), logger: Logger = .silent,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.signature = WebhookSignature(secret: configuration.secret)
        self.client = client
        self.logger = logger
        self.clock = clock
    }

    /// Events accepted and not yet delivered (nor given up at shutdown).
    var pendingCount: Int { state.withLock { $0.deliveries.count } }

    /// Queues `event` and returns at once; false when it was dropped (queue full, or shut down).
    @discardableResult
    func enqueue(_ event: WebhookEvent) -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.isStopped, state.deliveries.count < configuration.capacity else { return false }
            let key = state.nextKey
            state.nextKey += 1
            // Created under the lock, so `finished(key)` (which takes it) always finds the entry.
            state.deliveries[key] = Task { [self] in
                await deliver(event)
                finished(key)
            }
            return true
        }
        if !accepted { logger.log("webhook.dropped", ["reason": .text("queue full or stopped")]) }
        return accepted
    }

    /// Stops taking events, gives those held up to `gracePeriod` to be delivered, then cancels the
    /// rest (a try in flight is abandoned, back-off sleeps end) and returns once every task ended.
    func shutdown(gracePeriod: Duration = .seconds(5)) async {
        state.withLock { $0.isStopped = true }
        let deadline = ContinuousClock.now + gracePeriod
        while pendingCount > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        let remaining = state.withLock { Array($0.deliveries.values) }
        for task in remaining { task.cancel() }
        for task in remaining { await task.value }
        if !remaining.isEmpty { logger.log("webhook.abandoned", ["count": .int(remaining.count)]) }
    }

    /// `shutdown(gracePeriod:)` for synchronous callers (the serve command after the daemon
    /// stopped). Blocks the calling thread: never call it from a task.
    public func shutdownBlocking(gracePeriod: Duration = .seconds(5)) {
        let done = DispatchSemaphore(value: 0)
        Task { [self] in
            await shutdown(gracePeriod: gracePeriod)
            done.signal()
        }
        done.wait()
    }

    /// The wait after failed try number `attempt` (1-based): doubling from `baseDelay`, capped at
    /// `maxDelay`, with its upper half jittered so receivers coming back are not hit all at once.
    func delay(afterAttempt attempt: Int) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        let full = min(configuration.maxDelay, configuration.baseDelay * (1 << exponent))
        return full / 2 + full / 2 * Double.random(in: 0...1)
    }

    private func deliver(_ event: WebhookEvent) async {
        let body = event.body
        var attempt = 1
        while !Task.isCancelled {
            let header = signature.header(for: body, timestamp: Int(clock().timeIntervalSince1970))
            let outcome = await client.postJSON(
                to: configuration.url, body: body, headers: [(WebhookSignature.headerName, header)],
                timeout: configuration.attemptTimeout)
            if case .success(let response) = outcome, response.isSuccess {
                logger.log("webhook.delivered", ["attempt": .int(attempt)])
                return
            }
            let status = if case .success(let response) = outcome { response.status } else { 0 }
            logger.log("webhook.retry", ["attempt": .int(attempt), "status": .int(status)])
            do { try await Task.sleep(for: delay(afterAttempt: attempt)) } catch { return }
            attempt += 1
        }
    }

    private func finished(_ key: Int) {
        _ = state.withLock { $0.deliveries.removeValue(forKey: key) }
    }
}
