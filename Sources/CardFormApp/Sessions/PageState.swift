import CardEngine

/// What one open page was last sent: the revision it holds and each block's hashes.
///
/// Hashes rather than HTML: a page costs a couple of kilobytes of memory (a dictionary entry per
/// block), whatever the templates. Once a keystroke has rendered a leaf, add its leaf slots: a
/// reference to the plan's leaves (shared, not copied) and a slot per leaf at 16 bytes each:
/// with the shipped templates' 19 leaves and the array's header, some 340 bytes more.
struct PageState: Hashable, Sendable {
    var id: String
    /// Increases with every response that carried blocks; the page script echoes the last one it
    /// applied, and any other value makes the server resend the whole form (`FragmentDiff.resync`).
    var revision: Int = 0
    /// Every block the page holds, by key (`BlockTree.Block.key`). One entry per block rather
    /// than a dictionary per kind of hash: a keystroke finds a block once and changes it in place.
    /// Any change made through here forgets where the leaves' blocks were found (`slot(ofLeaf:in:)`);
    /// `setHeld(_:at:)` changes one block and keeps them.
    var blocks: [String: HeldBlock] {
        _read { yield held }
        _modify {
            // Forgotten before the change, so that an access that ends early leaves nothing stale.
            leafSlots.forget()
            yield &held
        }
    }
    private var held: [String: HeldBlock] = [:]
    /// The highest keystroke sequence number handled for this page.
    var lastSeq: Int = -1
    /// The payment phase the page was last shown: when the session's differs, the next answer
    /// announces it (processing, declined, paid).
    var phase: SessionPhase.Name?
    /// The session changed behind the page (`SessionRecord.markPagesStale`): its next answer
    /// renders the whole form, so every changed block goes, not only the edited field's.
    var isStale = false
    /// The edited field's entry as the last keystroke filled it; not sealed, not compared.
    var keptFieldLeaf = KeptFieldLeaf()
    /// Where `blocks` holds each leaf's block; not sealed, not compared. Readable so that tests
    /// can tell a slot kept from one looked up again (`PageStateSlotsTests`).
    private(set) var leafSlots = LeafSlots()

    init(id: String, revision: Int = 0) {
        self.id = id
        self.revision = revision
    }

    /// Where `blocks` holds the block of `plan.leaves[index]`, nil when it holds none: the leaf's
    /// key is hashed once until the blocks change otherwise than through `setHeld(_:at:)` (a
    /// whole-form or section answer, a reload), not on every keystroke (~350 instructions a leaf).
    mutating func slot(ofLeaf index: Int, in plan: BlockPlan) -> LeafSlots.Slot? {
        if let known = leafSlots.slot(ofLeaf: index, in: plan) { return known }
        let slot = held.index(forKey: plan.leaves[index].key)
        leafSlots.remember(slot, ofLeaf: index, in: plan)
        return slot
    }

    /// Sets the block at `slot` (from `slot(ofLeaf:in:)` or `blocks.index(forKey:)`), which keeps
    /// every block where it was: the leaves' slots stay known.
    mutating func setHeld(_ block: HeldBlock, at slot: LeafSlots.Slot) {
        held.values[slot] = block
    }
}

/// One block as a page holds it, as hashes (`BlockHash`).
///
/// A page holds a few dozen of these, so the optional hashes are kept as plain numbers with 0 for
/// none (24 bytes an entry rather than 40). A hash that happens to be 0 then reads as unknown:
/// the block goes whole, never wrongly as its value or its start tag alone.
struct HeldBlock: Hashable, Sendable {
    /// The block's own hash (`BlockTree.ownHash`), as the page holds it once its live region is
    /// emptied (`FragmentDiff.hashesOnceHeard`).
    var own: UInt64
    private var storedValueFree: UInt64 = 0
    private var storedInner: UInt64 = 0

    init(own: UInt64, valueFree: UInt64? = nil, inner: UInt64? = nil) {
        self.own = own
        self.valueFree = valueFree
        self.inner = inner
    }

    /// For a block last answered with the edited field's value and caret: its own hash with that
    /// value left out (`FragmentDiff.hash(_:of:leavingOut:)`), so that a keystroke changing
    /// nothing else answers the value alone.
    var valueFree: UInt64? {
        get { storedValueFree == 0 ? nil : storedValueFree }
        set { storedValueFree = newValue ?? 0 }
    }

    /// For a block without child blocks: the hash of its markup after the root's start tag
    /// (`FragmentDiff.innerHash`), so that a change to the start tag alone sends that tag.
    var inner: UInt64? {
        get { storedInner == 0 ? nil : storedInner }
        set { storedInner = newValue ?? 0 }
    }
}
