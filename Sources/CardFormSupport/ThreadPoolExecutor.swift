import Foundation
import Synchronization

/// A task executor with threads of its own, running its jobs first in, first out.
///
/// Why: Swift's global concurrent executor on Linux is one thread per core serving the jobs of a
/// priority first in, first out. A job enqueued there waits behind every job queued before it,
/// and a thread blocked in a Redis call or an `fsync` is a thread fewer for all of them; in a
/// busy process (the test runner: hundreds of tests at once, measured) a payment task waited
/// 42 s for its first step. Work that keeps a deadline (a processor's timeout, a webhook's
/// retries) starts with one of these as its task executor preference: every step then runs here,
/// and it sleeps with `sleep(for:)`, whose wake-up is timed here too (`Task.sleep`'s timer fires
/// on GCD's global queue, which shares those threads), so it waits only for the kernel's scheduler.
public final class ThreadPoolExecutor: TaskExecutor, Sendable {
    /// The executor of the payment pipeline and webhook deliveries: a few threads, since their
    /// steps are short and mostly wait (a Redis call or a file flush may block one for a while).
    public static let background = ThreadPoolExecutor(name: "cardform.background", threadCount: 4)

    private struct Queue {
        var jobs: [UnownedJob] = []
        /// The next job to run in `jobs` (taken jobs stay until the array is compacted).
        var head = 0

        mutating func take() -> UnownedJob? {
            guard head < jobs.count else { return nil }
            let job = jobs[head]
            head += 1
            if head == jobs.count || head >= 1_024 {
                jobs.removeFirst(head)
                head = 0
            }
            return job
        }
    }

    private let queue = Mutex(Queue())
    private let available = DispatchSemaphore(value: 0)
    /// Times `sleep(for:)`: a serial queue gets a thread of its own whenever it has work.
    private let timers: DispatchQueue

    /// Starts `threadCount` threads named `name`; they live as long as the process.
    public init(name: String, threadCount: Int) {
        timers = DispatchQueue(label: "\(name).timers")
        for index in 0..<max(1, threadCount) {
            let thread = Thread { [self] in run() }
            thread.name = "\(name).\(index)"
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        queue.withLock { $0.jobs.append(unowned) }
        available.signal()
    }

    private func run() {
        while true {
            available.wait()
            if let job = queue.withLock({ $0.take() }) { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }
}

extension ThreadPoolExecutor {
    /// Suspends the calling task for `duration`, like `Task.sleep(for:)`, but woken by this
    /// executor's own timer queue. Throws `CancellationError` at once when the task is cancelled.
    public func sleep(for duration: Duration) async throws(CancellationError) {
        // Whoever takes the continuation resumes it: the timer, or a cancellation before it (the
        // timer then finds nothing to wake).
        let wake = Mutex<CheckedContinuation<Void, any Error>?>(nil)
        let (seconds, attoseconds) = duration.components
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    wake.withLock { $0 = continuation }
                    if Task.isCancelled { wake.withLock { $0.take() }?.resume(throwing: CancellationError()) }
                    timers.asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18) {
                        wake.withLock { $0.take() }?.resume()
                    }
                }
            } onCancel: {
                wake.withLock { $0.take() }?.resume(throwing: CancellationError())
            }
        } catch {
            throw CancellationError()
        }
    }
}

extension ThreadPoolExecutor {
    /// Runs `work` on one of this executor's threads once `delay` has passed (timed by its own
    /// timer queue): a retry or a poll that keeps its time while GCD's global queue and the
    /// cooperative pool are busy, where `DispatchQueue.global().asyncAfter` would wait behind them.
    public func run(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        Task(executorPreference: self) {
            // Nothing cancels this task: the sleep ends only when its time has come.
            try? await self.sleep(for: delay)
            work()
        }
    }
}
