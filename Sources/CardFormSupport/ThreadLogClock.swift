#if canImport(Glibc)
import Glibc
#endif

/// Each thread's `LogClock`, in thread-local storage.
///
/// Why per thread: every request's log line reads the clock, and a clock shared by the threads
/// had to be copied out under the output buffer's lock, a lock round trip per line (two locked
/// instructions). Each worker thread now keeps its own, and formats the date again once a
/// second, as a shared one did. Not shared, so no lock: only its own thread ever reaches it.
enum ThreadLogClock {
    /// One key for the process; a thread's clock is freed when the thread ends. Read once by
    /// each `OutputBuffer` and kept: a static is read through a `swift_once` call.
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { pointer in
            guard let clock = pointer?.assumingMemoryBound(to: LogClock.self) else { return }
            clock.deinitialize(count: 1)
            clock.deallocate()
        }
        precondition(result == 0, "no thread-local key for the log clock (error \(result))")
        return key
    }()

    /// Runs `body` with the calling thread's clock, made on the thread's first line. Not
    /// reentrant: `body` gets the stored clock itself, so it must not log.
    static func with<Result>(key: pthread_key_t = key, _ body: (inout LogClock) -> Result) -> Result {
        if let kept = pthread_getspecific(key) {
            return body(&kept.assumingMemoryBound(to: LogClock.self).pointee)
        }
        let clock = UnsafeMutablePointer<LogClock>.allocate(capacity: 1)
        clock.initialize(to: LogClock())
        guard pthread_setspecific(key, clock) == 0 else {
            // Not kept (out of memory): this line uses the clock once and frees it, rather than
            // leaking one per line.
            defer { clock.deinitialize(count: 1); clock.deallocate() }
            return body(&clock.pointee)
        }
        return body(&clock.pointee)
    }
}
