import CardEngine
import Dispatch
import Foundation
import Synchronization
import Testing
@testable import CardFormApp
@testable import Payments

/// The payment pipeline keeps its deadlines while the rest of the process keeps Swift's cooperative
/// pool and GCD's global queues busy (CPU-heavy work, threads blocked in I/O): it runs on threads
/// of its own. Each test runs on a thread of its own, since it holds both pools, and one at a time,
/// since each must see the pools fill with its own holders.
@Suite(.serialized) struct PaymentsBusyPoolTests {
    /// Starts `draft` on `coordinator` while both pools are held; returns the outcome if it came
    /// within 10 s, how many requests `receiver` got by then (waiting for `requests`), and whether
    /// the pools were full.
    static func payWhilePoolsAreBusy(
        _ coordinator: PaymentCoordinator, _ draft: PaymentRequestDraft, receiver: ReceiverServer? = nil, requests: Int = 0
    ) async throws -> (outcome: PaymentOutcome?, requests: Int, full: (cooperative: Bool, global: Bool)) {
        try await onOwnThread {
            let pools = BusyPools.fill()
            defer { pools.release() }
            let outcome = Mutex<PaymentOutcome?>(nil)
            let done = DispatchSemaphore(value: 0)
            coordinator.start(draft, attempt: 1) { result in
                outcome.withLock { $0 = result }
                done.signal()
            }
            let deadline = ContinuousClock.now + .seconds(10)
            _ = done.wait(timeout: .now() + 10)
            while (receiver?.requests.count ?? 0) < requests, ContinuousClock.now < deadline { usleep(2_000) }
            return (outcome.withLock { $0 }, receiver?.requests.count ?? 0, pools.isFull)
        }
    }

    @Test func aPaymentIsMadeAndItsWebhookRetriedWhileEveryPoolThreadIsBusy() async throws {
        let processor = try ReceiverServer([.after(.milliseconds(100), .json(#"{"status": "succeeded", "id": "pay_busy"}"#))])
        let events = try ReceiverServer([.status(500), .status(204)])
        let coordinator = PaymentCoordinator(
            processor: HTTPProcessor(url: processor.url(), secret: nil), webhooks: PaymentsCoordinatorTests.webhooks(events))
        let seen = try await Self.payWhilePoolsAreBusy(coordinator, try PaymentsFixtures.draft(), receiver: events, requests: 2)
        #expect(seen.full == (true, true))
        #expect(seen.outcome?.result == .succeeded(id: "pay_busy"))
        #expect(seen.requests == 2)
    }

    @Test func aProcessorThatNeverAnswersTimesOutOnTimeWhileEveryPoolThreadIsBusy() async throws {
        let processor = try ReceiverServer([.hang])
        let coordinator = PaymentCoordinator(processor: HTTPProcessor(url: processor.url(), secret: nil, timeout: .milliseconds(300)))
        let seen = try await Self.payWhilePoolsAreBusy(coordinator, try PaymentsFixtures.draft())
        #expect(seen.full == (true, true))
        #expect(seen.outcome?.result == .failed(declineCode: "processor_timeout"))
    }

    @Test func aWaitingPageIsWokenByThePollWhileEveryPoolThreadIsBusy() async throws {
        let store = MemorySessionStore(lifetime: SessionStoreTests.lifetime, capacity: 10)
        let record = try store.create(now: Date()) { id in CardSession(id: id, configuration: SessionConfiguration()) }
        let service = PaymentService(
            coordinator: PaymentCoordinator(settings: try PaymentSettings(configuration: ServerConfiguration()), logger: .silent),
            store: store, metrics: Metrics(), logger: .silent, pollInterval: .milliseconds(50))
        let seen = try await onOwnThread {
            let pools = BusyPools.fill()
            defer { pools.release() }
            let woken = DispatchSemaphore(value: 0)
            // The session is not paying: as on an instance whose payment ended elsewhere, the
            // first poll finds it so and wakes the page.
            service.waitForResult(sessionId: record.session.id) { woken.signal() }
            return (woken: woken.wait(timeout: .now() + 5) == .success, full: pools.isFull)
        }
        #expect(seen.full == (true, true))
        #expect(seen.woken)
    }
}
