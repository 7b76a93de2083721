import Foundation
import Synchronization

/// What `body` returns when run on a thread of its own, started for it; waits for it to end.
/// For what one thread must not see of another's (per-thread state).
func onAnotherThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
    let outcome = Mutex<Result?>(nil)
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        let made = body()
        outcome.withLock { $0 = made }
        finished.signal()
    }
    thread.start()
    finished.wait()
    return outcome.withLock { $0! }
}
