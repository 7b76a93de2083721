/// Where a page's blocks (`PageState.blocks`) hold each leaf's block (`BlockPlan.leaves`), found
/// by key once and kept until the blocks change shape: a keystroke rendering a leaf or two then
/// finds its block by the leaf's index rather than by hashing its key.
///
/// A dictionary index stays valid while no key is added or removed (a value set in place keeps
/// it, and so does the copy a shared dictionary makes on its first change), and `PageState`
/// forgets these whenever its blocks change otherwise. Not part of the page's value: never sealed,
/// equal whatever it holds, and empty in a page read back from a store.
struct LeafSlots: Hashable, Sendable {
    typealias Slot = Dictionary<String, HeldBlock>.Index

    /// The leaves of the plan these are for (another template set numbers its leaves otherwise),
    /// compared by storage: held here, that storage cannot be freed and reused by another plan's.
    /// Not an identity field in `BlockPlan`: a larger plan was copied (retained) on every keystroke.
    private var leaves: [BlockPlan.Leaf] = []
    private var isKnown = false
    /// At a leaf's index: nil when not looked up yet, else where its block is (nil: not held).
    private var slots: [Slot??] = []

    /// The leaf's slot when looked up since the blocks last changed shape: `.some(nil)` when the
    /// page holds no block of its key.
    func slot(ofLeaf index: Int, in plan: BlockPlan) -> Slot?? {
        guard isFor(plan) else { return nil }
        return slots[index]
    }

    mutating func remember(_ slot: Slot?, ofLeaf index: Int, in plan: BlockPlan) {
        if !isFor(plan) {
            leaves = plan.leaves
            isKnown = true
            slots.removeAll(keepingCapacity: true)
            slots.append(contentsOf: repeatElement(nil, count: plan.leaves.count))
        }
        slots[index] = .some(slot)
    }

    /// After a change of the blocks' shape: every slot is looked up again (the room is kept).
    mutating func forget() {
        isKnown = false
    }

    private func isFor(_ plan: BlockPlan) -> Bool {
        isKnown && leaves.withUnsafeBufferPointer { mine in plan.leaves.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress } }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
