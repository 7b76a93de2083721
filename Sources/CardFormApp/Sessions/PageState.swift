import CardEngine

/// What one open page was last sent: the revision it holds and each block's hashes.
///
/// Hashes rather than HTML: a page costs a couple of kilobytes of memory (a dictionary entry per
/// block), whatever the templates.
struct PageState: Hashable, Sendable {
    var id: String
    /// Increases with every response that carried blocks; the page script echoes the last one it
    /// applied, and any other value makes the server resend the whole form (`FragmentDiff.resync`).
    var revision: Int = 0
    /// Every block the page holds, by key (`BlockTree.Block.key`). One entry per block rather
    /// than a dictionary per kind of hash: a keystroke finds a block once and changes it in place.
    var blocks: [String: HeldBlock] = [:]
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
