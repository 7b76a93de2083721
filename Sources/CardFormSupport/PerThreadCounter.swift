import Synchronization

/// A count that several threads change on every request and few read: each thread adds to its
/// own slot (a cache line of its own), and a reader sums the slots.
///
/// The sum is of slots read one after the other, not of one instant: exact once the threads stop
/// changing it, and never short of what is counted for good when each thread's changes balance
/// in its own slot (a request begun and ended on the same thread, say).
public final class PerThreadCounter: Sendable {
    private final class Slot: Sendable {
        private let leading = CacheLinePadding()
        let value = Atomic<Int>(0)
        let padding = CacheLinePadding()
    }

    private let slots: PerThread<Slot>

    public init(count: Int = PerThread<Int>.defaultCount) {
        slots = PerThread(count: count) { Slot() }
    }

    /// Adds `amount` to the calling thread's slot. Releasing, so that a reader who sees the sum
    /// also sees what the thread did before.
    public func add(_ amount: Int) {
        slots.withLocal { _ = $0.value.wrappingAdd(amount, ordering: .releasing) }
    }

    /// Every slot added up.
    public var sum: Int {
        slots.all.reduce(0) { $0 &+ $1.value.load(ordering: .acquiring) }
    }
}
