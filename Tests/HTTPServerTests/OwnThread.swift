import Foundation
import Synchronization
import Testing

/// Runs each test of a suite on a thread of its own rather than on Swift's cooperative pool.
///
/// Why: these tests drive real sockets with blocking reads and sleeps. On the cooperative pool
/// (one thread per core, two here) a few of them at once would hold every thread and starve the
/// async work of other suites running in the same `swift test` process. A task executor
/// preference moves the whole test, task-locals included (so `#expect` still reports to its
/// test), onto a dedicated thread that exits when the test ends.
struct OwnThread: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The suite itself gets no thread: only its test cases run code.
        guard testCase != nil else { return try await function() }
        let executor = ThreadExecutor()
        defer { executor.finish() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == OwnThread {
    /// Each test case runs on a thread of its own (see `OwnThread`).
    static var ownThread: OwnThread { OwnThread() }
}

/// A task executor backed by one thread that runs its jobs in order until `finish`.
final class ThreadExecutor: TaskExecutor, Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var isFinished = false
    }

    private let queue = Mutex(Queue())
    private let available = DispatchSemaphore(value: 0)

    /// Marks the threads of these executors (Foundation's `Thread.name` is not reliable here).
    private static let marker: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Whether the calling thread is one of these executors' threads.
    static var isCurrent: Bool { pthread_getspecific(marker) != nil }

    init() {
        Thread.detachNewThread { [self] in
            pthread_setspecific(Self.marker, UnsafeRawPointer(bitPattern: 1))
            run()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        queue.withLock { $0.jobs.append(unowned) }
        available.signal()
    }

    /// Lets the thread exit once the jobs already queued have run.
    func finish() {
        queue.withLock { $0.isFinished = true }
        available.signal()
    }

    private func run() {
        while let job = nextJob() { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    /// The next job, waiting for one; nil once finished with none left.
    private func nextJob() -> UnownedJob? {
        while true {
            available.wait()
            let (job, isFinished) = queue.withLock { queue in
                (queue.jobs.isEmpty ? nil : queue.jobs.removeFirst(), queue.isFinished)
            }
            if let job { return job }
            if isFinished { return nil }
        }
    }
}

@Suite("Tests with blocking sockets", .ownThread)
struct OwnThreadTests {
    @Test("run on a thread of their own, not on the cooperative pool", arguments: [1, 2])
    func runOnTheirOwnThread(_ index: Int) {
        #expect(ThreadExecutor.isCurrent)
    }
}

