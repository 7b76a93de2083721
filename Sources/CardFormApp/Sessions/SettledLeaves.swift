/// The `LeafMemo` leaves (the pay button, `formState`, the live region…) whose last render, for
/// this page, changed nothing the page holds: rendered from the same facts, in the same language
/// and from the same memo, against the same held block, a leaf renders the same markup and the
/// diff answers the same for it, which was nothing. So a keystroke that reaches such a leaf with
/// its facts unchanged, while the page still holds that block, passes it by
/// (`FormRenderer.leafFragments`): no memo lookup, no markup, no hashing.
///
/// A keystroke that turns a field valid or invalid reaches the live region, whose facts (what it
/// says) mostly stay as they were: about a third of the leaves reached are passed by. A render
/// that changed nothing is what proves the next one would change nothing; one that sent its
/// block proves nothing, and the next render is made.
///
/// Part of `KeptFieldLeaf`, so never sealed and empty in a page read back from a store. It holds
/// what the shared `LeafMemo` holds (no value, no card data).
struct SettledLeaves: Sendable {
    private var entries: [Entry] = []

    /// A render's key and entry as `LeafMemo` files them: kept by reference, so a render proposed
    /// costs a retain, not a copy of its facts.
    typealias Render = BoundedMemo<LeafMemo.Key, LeafMemo.Entry>.Held

    private struct Entry: Sendable {
        /// The leaf's place in `BlockPlan.leaves`.
        let leaf: Int
        var render: Render
        /// The memo of the resources it was rendered with: rebuilt resources (an edited template)
        /// make a new one, and a new plan, whose leaf numbers mean other leaves.
        var memo: BoundedMemo<LeafMemo.Key, LeafMemo.Entry>
        /// What the page held of the block when `render` changed nothing of it; nil while not
        /// known (a render proposed, its answer not seen yet, or one that sent it).
        var held: HeldBlock?
    }

    /// Whether leaf `leaf`, rendered from `facts` in `language`, would change nothing of `held`,
    /// the block the page holds now.
    func passes(
        _ leaf: Int, facts: LeafFacts, language: String, memo: BoundedMemo<LeafMemo.Key, LeafMemo.Entry>, held: HeldBlock
    ) -> Bool {
        guard let index = entries.firstIndex(where: { $0.leaf == leaf }), entries[index].held == held,
              entries[index].memo === memo else { return false }
        return entries[index].render.key.site.language == language && entries[index].render.key.facts == facts
    }

    /// Notes that leaf `leaf` is rendered as `render` (from `memo`), its answer not seen yet; the
    /// number to `settle` it by once seen.
    mutating func propose(_ leaf: Int, render: Render, memo: BoundedMemo<LeafMemo.Key, LeafMemo.Entry>) -> Int {
        guard let index = entries.firstIndex(where: { $0.leaf == leaf }) else {
            // A page meets a few of these leaves (five in the standard templates).
            if entries.isEmpty { entries.reserveCapacity(4) }
            entries.append(Entry(leaf: leaf, render: render, memo: memo))
            return entries.count - 1
        }
        entries[index].held = nil
        entries[index].render = render
        entries[index].memo = memo
        return index
    }

    /// The proposed render `number` changed nothing of `held`: the page held it before the
    /// answer, holds it after, and its own hash is the markup's (`own`), so the answer did not
    /// send it.
    mutating func settle(_ number: Int, held: HeldBlock, after: HeldBlock, own: UInt64) {
        guard held == after, held.own == own else { return }
        entries[number].held = held
    }
}
