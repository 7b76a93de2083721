import CardFormSupport
import Foundation
import Synchronization
import Testing

@Suite("PerThread: one value per thread")
struct PerThreadTests {
    /// Runs `body` on a new thread and waits for it.
    private func onNewThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let result = Mutex<Result?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }.start()
        done.wait()
        return result.withLock { $0! }
    }

    @Test("a thread keeps its number; another thread gets a different one")
    func threadIndicesAreStableAndDistinct() {
        let mine = ThreadIndex.current()
        #expect(ThreadIndex.current() == mine)
        let theirs = onNewThread { [ThreadIndex.current(), ThreadIndex.current()] }
        #expect(theirs[0] == theirs[1])
        #expect(theirs[0] != mine)
    }

    @Test("a thread reaches its own slot every time, and two threads reach different slots")
    func slotsArePerThread() {
        final class Box: Sendable { let id = ObjectIdentifier(NSObject()) }
        let shared = PerThread(count: 64) { Box() }
        let mine = shared.local
        #expect(shared.local === mine)
        let theirs = onNewThread { shared.local === shared.local && shared.local !== mine }
        #expect(theirs)
        #expect(shared.all.count == 64)
    }

    @Test("slots are the count rounded up to a power of two", arguments: [(1, 1), (2, 2), (3, 4), (5, 8), (6, 8), (8, 8), (9, 16)])
    func slotCountIsAPowerOfTwo(count: Int, slots: Int) {
        #expect(PerThread(count: count) { 0 }.all.count == slots)
    }

    @Test("past its slots, threads share them (number modulo the slot count), never out of range")
    func threadsPastTheSlotsShare() {
        final class Counter: Sendable { let count = Mutex(0) }
        let one = PerThread(count: 1) { Counter() }
        one.local.count.withLock { $0 += 1 }
        onNewThread { one.local.count.withLock { $0 += 1 } }
        #expect(one.all.count == 1)
        #expect(one.local.count.withLock { $0 } == 2)
    }

    @Test("a per-thread counter sums what every thread added, a request begun and ended on one thread leaving nothing")
    func counterSumsTheThreads() {
        let counter = PerThreadCounter()
        counter.add(3)
        onNewThread {
            counter.add(5)
            counter.add(1)
            counter.add(-1)
        }
        #expect(counter.sum == 8)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<1_000 { counter.add(1) }
        }
        #expect(counter.sum == 4_008)
        counter.add(-4_008)
        #expect(counter.sum == 0)
    }
}
