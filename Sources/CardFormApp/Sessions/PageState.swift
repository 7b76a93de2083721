import CardEngine

/// What one open page was last sent: the revision it holds and each block's own hash.
///
/// Hashes rather than HTML: a page costs a few hundred bytes of memory, whatever the templates.
struct PageState: Hashable, Sendable {
    var id: String
    /// Increases with every response that carried blocks; the page script echoes the last one it
    /// applied, and any other value makes the server resend the whole form (`FragmentDiff.resync`).
    var revision: Int = 0
    var hashes: [String: UInt64] = [:]
    /// For blocks last answered with the edited field's value and caret: the block's own hash
    /// with that value left out (`FragmentDiff.valueFreeHash`), so that a keystroke changing
    /// nothing else answers the value alone.
    var valueFreeHashes: [String: UInt64] = [:]
    /// For blocks without child blocks: the hash of their markup after the root's start tag
    /// (`FragmentDiff.innerHash`), so that a change to the start tag alone sends that tag.
    var innerHashes: [String: UInt64] = [:]
    /// The highest keystroke sequence number handled for this page.
    var lastSeq: Int = -1
    /// The payment phase the page was last shown: when the session's differs, the next answer
    /// announces it (processing, declined, paid).
    var phase: SessionPhase.Name?
    /// The session changed behind the page (`SessionRecord.markPagesStale`): its next answer
    /// renders the whole form, so every changed block goes, not only the edited field's.
    var isStale = false
}
