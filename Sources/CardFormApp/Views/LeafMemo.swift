import Mustache

/// The renders of the leaves that read no field (`formState`, the live region, the pay button, the
/// co-badge choice, the save-card box), keyed by the facts their data is built from
/// (`LeafFacts`): a keystroke that leaves a leaf's facts as another render had them costs
/// gathering those facts and a lookup, instead of building the data, rendering and scanning.
///
/// The key holds the facts themselves, not a digest of them, so two sessions share an entry only
/// when their facts, and so their data, are equal; the language stands for the strings (`t`, the
/// same for every session of one language). Only leaves that read neither the fields nor the
/// session are kept here (`BlockPlan.Leaf.isDataMemoizable`): no card data, value or token is
/// ever held.
///
/// Held in a `BoundedMemo` shared by every session of a thread and rebuilt with the resources, so an edited
/// template never meets an old render.
enum LeafMemo {
    struct Key: Hashable, Sendable {
        /// Its language stands for the whole pack, not only `t`: the parts' data takes labels
        /// from it too (`LeafFacts.data`). Sound because one `FormResources` (which holds the
        /// memo) has one pack per language (`FormResources.pack(for:)`); a pack varying by
        /// anything else, such as a session's own strings, would have to join the key.
        let site: MemoSite
        /// What the session and the page decide of the leaf's data.
        let facts: LeafFacts

        /// Takes the facts over: the memberwise init copied the facts gathered for the key (a
        /// retain per string and list they hold) and destroyed the original, on every lookup.
        init(site: MemoSite, facts: consuming LeafFacts) {
            self.site = site
            self.facts = facts
        }
    }

    /// What the leaf rendered: its block (cut as `BlockMemo` cuts one, with nothing to fill in),
    /// or nothing but blanks, kept as they were: a section splices the leaf's render into its own
    /// markup (`FormRenderer.sectionFragments`), where the whole form has them. (The shipped
    /// leaves render none when hidden: their conditions stand on lines of their own.)
    enum Entry: Sendable {
        case block(BlockMemo.Entry)
        case nothing(blanks: [UInt8])
    }

    /// Entries per thread (`BoundedMemo`), each a leaf's markup and its facts: ~1 MB a thread at most.
    static let capacity = 512
}
