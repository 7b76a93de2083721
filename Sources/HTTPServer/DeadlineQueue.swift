/// Deadlines of waiting deferred responses, earliest first: a binary min-heap, since the watcher
/// only ever asks for the earliest one.
///
/// Entries are not removed when a wait ends early; they come out when due and the caller skips
/// ids it no longer knows. `compact(keeping:)` bounds what such leftovers hold.
struct DeadlineQueue {
    typealias Instant = ContinuousClock.Instant

    private var heap: [(deadline: Instant, id: UInt64)] = []

    /// Entries, leftovers included.
    var count: Int { heap.count }

    /// The earliest deadline, or nil when empty.
    var earliest: Instant? { heap.first?.deadline }

    /// Adds `id` due at `deadline`; returns whether it is now the earliest (the watcher must then
    /// be woken to shorten its sleep).
    @discardableResult
    mutating func insert(_ id: UInt64, at deadline: Instant) -> Bool {
        heap.append((deadline, id))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
        return child == 0
    }

    /// Removes and returns the earliest id due at `now`, or nil when none is due.
    mutating func popDue(at now: Instant) -> UInt64? {
        guard let first = heap.first, first.deadline <= now else { return nil }
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        siftDown(from: 0)
        return first.id
    }

    /// How long to sleep until the earliest deadline, in whole milliseconds rounded up (so the
    /// watcher never wakes just before it and spins), or -1 ("for ever") when empty.
    func millisecondsUntilEarliest(from now: Instant) -> Int32 {
        guard let earliest else { return -1 }
        let remaining = earliest - now
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Drops the entries whose id `isLive` rejects.
    mutating func compact(keeping isLive: (UInt64) -> Bool) {
        heap.removeAll { !isLive($0.id) }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
