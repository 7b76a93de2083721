import CardFormSupport
import Testing
@testable import CardFormApp

@Suite struct BoundedMemoTests {
    /// What `body` returns on another thread whose memo is not this thread's: threads past the
    /// slot count share memos (number modulo slots), so a new thread is started until one lands
    /// on another slot; a new thread gets a new number, so one of the next `slots` does.
    private func onAnotherSlot<Result: Sendable>(
        slots: Int, _ body: @escaping @Sendable () -> Result
    ) -> Result? {
        let here = ThreadIndex.current() % slots
        for _ in 0..<16 {
            // `body` runs only there: on this thread's slot it would write this thread's memo.
            if let result = onAnotherThread({ ThreadIndex.current() % slots == here ? nil : body() }) { return result }
        }
        return nil
    }

    @Test func aThreadFindsWhatItsOwnMemoHoldsAndNotWhatAnotherThreadsDoes() throws {
        let memo = BoundedMemo<String, Int>(capacity: 4, slots: 8)
        memo.remember(1, for: "here")
        let seen = try #require(onAnotherSlot(slots: 8) {
            memo.remember(2, for: "there")
            return memo.entry(for: "here")
        })
        #expect(seen == nil)
        #expect(memo.entry(for: "there") == nil)
        #expect(memo.entry(for: "here") == 1)
        // What the whole holds, for the tests that check no card data is kept, counts both.
        #expect(memo.count == 2)
        #expect(memo.held == ["here": 1, "there": 2])
    }

    @Test func oneThreadPastItsCapacityEmptiesOnlyItsOwnMemo() throws {
        let memo = BoundedMemo<String, Int>(capacity: 2, slots: 8)
        memo.remember(0, for: "kept")
        let found = try #require(onAnotherSlot(slots: 8) {
            for index in 0...2 { memo.remember(index, for: "key \(index)") }
            return [memo.entry(for: "key 0"), memo.entry(for: "key 2")]
        })
        // Its third key found its memo full: it started again and holds that key alone.
        #expect(found == [nil, 2])
        #expect(memo.entry(for: "kept") == 0)
    }

    @Test func oneSlotIsOneMemoForEveryThread() {
        let memo = BoundedMemo<String, Int>(capacity: 4, slots: 1)
        memo.remember(1, for: "here")
        #expect(onAnotherThread { memo.entry(for: "here") } == 1)
        #expect(memo.bound == 4)
    }

    @Test func theBoundIsTheCapacityOfEveryThreadsMemo() {
        // Six slots round up to eight (`PerThreadTests`).
        #expect(BoundedMemo<String, Int>(capacity: 3, slots: 6).bound == 3 * 8)
    }

    @Test func readingAnEntryInPlaceFindsWhatALookUpFinds() {
        let memo = BoundedMemo<String, [Int]>(capacity: 4)
        memo.remember([1, 2], for: "a")
        #expect(memo.withEntry(for: "a") { $0.count } == 2)
        #expect(memo.withEntry(for: "b") { $0.count } == nil)
        #expect(memo.entry(for: "a") == [1, 2])
    }
}
