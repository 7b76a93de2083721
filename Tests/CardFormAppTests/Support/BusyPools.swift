import Dispatch
import Foundation
import Synchronization

/// Keeps every thread of Swift's cooperative pool and of GCD's global queue busy until released,
/// as CPU-heavy work elsewhere in a process does: what must keep a deadline meanwhile may depend
/// on neither.
///
/// Both are about one thread per core serving their jobs first in, first out (on Linux they may
/// even share threads), so a job enqueued while they are held waits until they are released.
/// Holders are enqueued the way the code under test would enqueue its work (`Task {}` from a
/// plain thread, `DispatchQueue.global()`) until one does not start: that one proves the pool is
/// full. A holder spins yielding its core rather than sleeping, so it stays runnable: a blocked
/// worker may be replaced by a new thread, a runnable one is not, and the threads under test
/// still get the cores.
final class BusyPools: Sendable {
    private let released = Atomic(false)
    private let holders = Atomic(0)
    private let fullness = Mutex((cooperative: false, global: false))

    private init() {}

    /// Fills both and returns once they are full. Blocks the calling thread: call it from a
    /// thread of its own (`onOwnThread`), never from a task.
    static func fill() -> BusyPools {
        let pools = BusyPools()
        let cooperative = pools.fill { hold in Task { hold() } }
        let global = pools.fill { hold in DispatchQueue.global().async { hold() } }
        pools.fullness.withLock { $0 = (cooperative, global) }
        return pools
    }

    /// Whether a job enqueued on each waits: a holder was left waiting for a thread.
    var isFull: (cooperative: Bool, global: Bool) { fullness.withLock { $0 } }

    /// Lets every holder return.
    func release() {
        released.store(true, ordering: .releasing)
    }

    /// Enqueues holders with `start` until one has not started after 300 ms; says whether that
    /// happened (rather than 64 holders running).
    private func fill(_ start: (@escaping @Sendable () -> Void) -> Void) -> Bool {
        for _ in 0..<64 {
            let before = holders.load(ordering: .acquiring)
            start { [self] in
                holders.wrappingAdd(1, ordering: .releasing)
                while !released.load(ordering: .acquiring) { sched_yield() }
            }
            let deadline = ContinuousClock.now + .milliseconds(300)
            while holders.load(ordering: .acquiring) == before, ContinuousClock.now < deadline { usleep(1_000) }
            if holders.load(ordering: .acquiring) == before { return true }
        }
        return false
    }
}
