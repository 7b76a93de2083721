import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension Daemon {
    /// Blocks the calling thread until one of `signals` arrives, then stops gracefully (see
    /// `stop(gracePeriod:)`) and returns the signal's number.
    ///
    /// The signals are received through Dispatch signal sources, so no code of ours runs in a
    /// signal handler. `whenReady` is called once they are armed: a script that waits for what it
    /// prints and then sends SIGINT can never race the set-up. After the first signal the default
    /// action is restored, so a second Ctrl-C ends the process at once.
    @discardableResult
    public func runUntilSignalled(
        _ signals: [Int32] = [SIGINT, SIGTERM],
        gracePeriod: Duration = .seconds(10),
        whenReady: () -> Void = {}
    ) -> Int32 {
        let caught = CaughtSignal()
        let queue = DispatchQueue(label: "HTTPServer.signals")
        let sources = signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { caught.record(number) }
            source.resume()
            return source
        }
        for number in signals { awaitHandlerInstalled(number) }
        whenReady()
        let number = caught.wait()
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
        stop(gracePeriod: gracePeriod)
        return number
    }

    /// Dispatch installs its process-wide handler (which forwards the signal to its own thread)
    /// asynchronously. Until then a signal keeps its inherited action: the default one ends the
    /// process, which is what Ctrl-C during start-up should do. Bounded, in case a platform
    /// receives signals some other way.
    private func awaitHandlerInstalled(_ number: Int32) {
        let deadline = ContinuousClock.now + .seconds(1)
        var current = sigaction()
        while ContinuousClock.now < deadline {
            sigaction(number, nil, &current)
            let handler = unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self)
            if handler != unsafeBitCast(SIG_IGN, to: Int.self), handler != unsafeBitCast(SIG_DFL, to: Int.self) { return }
            usleep(1_000)
        }
    }
}

/// The first signal received, shared between the Dispatch queue and the waiting thread.
private final class CaughtSignal: Sendable {
    private let number = Mutex<Int32?>(nil)
    private let semaphore = DispatchSemaphore(value: 0)

    func record(_ signal: Int32) {
        let isFirst = number.withLock { current in
            guard current == nil else { return false }
            current = signal
            return true
        }
        if isFirst { semaphore.signal() }
    }

    func wait() -> Int32 {
        semaphore.wait()
        return number.withLock { $0 } ?? 0
    }
}
