import CardFormSupport
import Testing
@testable import CardFormApp

@Suite struct BoundedMemoTests {
    /// Whether two threads' numbers fall on one memo of `slots` (a power of two): past the slot
    /// count threads share memos, and which threads do depends on the order they first asked.
    private func share(_ one: Int, _ other: Int, slots: Int) -> Bool { one % slots == other % slots }

    @Test func aThreadFindsWhatItsOwnMemoHoldsAndNotWhatAnotherThreadsDoes() {
        let memo = BoundedMemo<String, Int>(capacity: 4, slots: 8)
        memo.remember(1, for: "here")
        let here = ThreadIndex.current()
        let (there, seen) = onAnotherThread {
            memo.remember(2, for: "there")
            return (ThreadIndex.current(), memo.entry(for: "here"))
        }
        let shared = share(here, there, slots: 8)
        #expect(seen == (shared ? 1 : nil))
        #expect(memo.entry(for: "there") == (shared ? 2 : nil))
        #expect(memo.entry(for: "here") == 1)
        // What the whole holds, for the tests that check no card data is kept, counts both.
        #expect(memo.count == 2)
        #expect(memo.held == ["here": 1, "there": 2])
    }

    @Test func oneThreadPastItsCapacityEmptiesOnlyItsOwnMemo() {
        let memo = BoundedMemo<String, Int>(capacity: 2, slots: 8)
        memo.remember(0, for: "kept")
        let here = ThreadIndex.current()
        let (there, found) = onAnotherThread {
            for index in 0...2 { memo.remember(index, for: "key \(index)") }
            return (ThreadIndex.current(), [memo.entry(for: "key 0"), memo.entry(for: "key 2")])
        }
        // Its third key found its memo full: it started again and holds that key alone.
        #expect(found == [nil, 2])
        #expect(memo.entry(for: "kept") == (share(here, there, slots: 8) ? nil : 0))
    }

    @Test func oneSlotIsOneMemoForEveryThread() {
        let memo = BoundedMemo<String, Int>(capacity: 4, slots: 1)
        memo.remember(1, for: "here")
        #expect(onAnotherThread { memo.entry(for: "here") } == 1)
        #expect(memo.bound == 4)
    }

    @Test(arguments: [(1, 1), (2, 2), (6, 8), (8, 8), (9, 16)])
    func slotsRoundUpToAPowerOfTwoAndBoundTheWhole(slots: Int, made: Int) {
        #expect(BoundedMemo<String, Int>(capacity: 3, slots: slots).bound == 3 * made)
    }

    @Test func readingAnEntryInPlaceFindsWhatALookUpFinds() {
        let memo = BoundedMemo<String, [Int]>(capacity: 4)
        memo.remember([1, 2], for: "a")
        #expect(memo.withEntry(for: "a") { $0.count } == 2)
        #expect(memo.withEntry(for: "b") { $0.count } == nil)
        #expect(memo.entry(for: "a") == [1, 2])
    }
}
