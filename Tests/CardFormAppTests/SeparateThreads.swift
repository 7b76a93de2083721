import CardFormSupport
import Foundation
import Synchronization

/// Runs `body(0)` … `body(count - 1)` each on a thread of its own, all started before any is
/// waited for, and returns the `ThreadIndex` each ran with. Not `DispatchQueue.concurrentPerform`,
/// which may run every iteration on the calling thread: a test of what each thread keeps apart
/// would then pass with one thread doing it all.
func onSeparateThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> [Int] {
    let indices = Mutex([Int](repeating: -1, count: count))
    let done = DispatchSemaphore(value: 0)
    for thread in 0..<count {
        Thread {
            body(thread)
            let index = ThreadIndex.current()
            indices.withLock { $0[thread] = index }
            done.signal()
        }.start()
    }
    for _ in 0..<count { done.wait() }
    return indices.withLock { $0 }
}
