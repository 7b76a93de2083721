import CardEngine
import CardFormSupport

/// The edited field's block entry (`BlockMemo.Entry`) as this page's last leaf-by-leaf answer
/// filled it, so that the next keystroke in the same field, when it changes nothing of the field
/// but its value (`ViewChanges`), fills the same entry again without building the field's state
/// (`FormView.fieldState`) to look it up: most keystrokes of a card number or a name.
///
/// Not part of the page's value: never sealed (`SealedRecordFormat`), equal whatever it holds, and
/// nil in a page read back from a store, so the next keystroke looks the entry up as before and
/// keeps it again. It holds what the shared memo holds (no value, no card data).
struct KeptFieldLeaf: Hashable, Sendable {
    var kept: Kept?
    /// What the page held of the block once that answer was sent. Any answer since that
    /// rendered the block otherwise (the whole form after a change, a reload of the page)
    /// changed it, and the entry is not used. Beside the entry, not in it: a keystroke filling
    /// the same entry again changes this alone, without making a new `Kept`.
    var held = HeldBlock(own: 0)
    /// The page's blocks were last set from a whole form (its load, a whole-form answer) that held
    /// no repeated block key (`BlockTree.Block.key(_:occurrence:)`): leaf answers add no keys, so
    /// until the next whole form none need look its leaves' repeated keys up. False when not
    /// known (a page read back from a store, a shell page): each is looked up.
    var holdsNoRepeatedKey = false

    /// Whether no key of `tree`'s blocks is a repeated one; a `#` in any key (every repeated key
    /// holds one) says no.
    static func holdsNoRepeatedKey(_ tree: BlockTree) -> Bool {
        !tree.blocks.contains { $0.key.utf8.contains(UInt8(ascii: "#")) }
    }

    /// By reference: a keystroke's leaf render hands it back through a few calls, and a value
    /// this size would be copied at each.
    final class Kept: Sendable {
        let field: FieldType
        let templateHash: Int
        let language: String
        /// Whether the entry holds the stand-in (`BlockMemo.Key.filled`).
        let filled: Bool
        /// The memo it came from: resources rebuilt (edited templates) make a new one, and an
        /// entry from the old one must not be filled again.
        let memo: BoundedMemo<BlockMemo.Key, BlockMemo.Entry>
        let entry: BlockMemo.Entry

        init(
            field: FieldType, templateHash: Int, language: String, filled: Bool, memo: BoundedMemo<BlockMemo.Key, BlockMemo.Entry>,
            entry: BlockMemo.Entry
        ) {
            self.field = field
            self.templateHash = templateHash
            self.language = language
            self.filled = filled
            self.memo = memo
            self.entry = entry
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
