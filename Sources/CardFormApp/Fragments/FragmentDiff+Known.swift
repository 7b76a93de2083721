import CardFormSupport

/// What a leaf served from a memo already knows of its block (`BlockMemo.Entry.known`): the
/// hashes and places `FragmentDiff` would otherwise work out from the block's markup. Places are
/// offsets in the tree's markup. The block has no child blocks.
struct KnownHashes: Sendable {
    /// The block's own hash (`BlockTree.ownHash`).
    var own: UInt64
    /// Where the root's start tag ends (`FragmentDiff.startTagEnd`), when known.
    var tagEnd: Int?
    /// The inner hash with nothing left out (`FragmentDiff.innerHash` with no value), when known.
    var inner: UInt64?
    /// The value filled in, when it is the text of the block's first `value="…"`.
    var filled: Filled?

    struct Filled: Sendable {
        var value: String
        /// Where `FragmentDiff.valueText` finds `value` in the block.
        var text: Range<Int>
        /// The block's hash with `text` left out (`FragmentDiff.hash(_:of:leavingOut:)`).
        var valueFree: UInt64
        /// `FragmentDiff.innerHash` with `value` left out, when known.
        var inner: UInt64?
    }

    /// `filled`, when it is for `value`.
    func filled(with value: String) -> Filled? {
        filled.flatMap { $0.value == value ? $0 : nil }
    }
}

/// A leaf rendered alone (`FormRenderer.leafFragments`), as the diff needs it: what the page
/// holds of its block, where that is in `PageState.blocks`, and what is known of its hashes.
struct LeafBlock {
    var held: HeldBlock
    var slot: Dictionary<String, HeldBlock>.Index
    var known: KnownHashes?
}

/// What the page holds of each of a tree's blocks, by index: the leaves' own (`leaves`), or, for
/// a whole form, each found by key (`whole`).
struct HeldBlocks {
    /// The leaves' own, in the caller's room (`FormRenderer.leafFragments`): valid while the answer is made.
    let leaves: UnsafeBufferPointer<LeafBlock>
    let whole: [HeldBlock?]

    subscript(index: Int) -> HeldBlock? { leaves.isEmpty ? whole[index] : leaves[index].held }

    func known(_ index: Int) -> KnownHashes? { leaves.isEmpty ? nil : leaves[index].known }
}

/// The blocks an answer sends, in tree order, kept in room the caller gives (`FragmentDiff.respond`):
/// one place per block of the tree, which no more blocks than that can fill.
struct ChosenBlocks {
    private let room: UnsafeMutableBufferPointer<Int>
    private var count = 0

    init(room: UnsafeMutableBufferPointer<Int>) { self.room = room }

    var all: UnsafeBufferPointer<Int> { UnsafeBufferPointer(rebasing: room[..<count]) }

    /// Adds a block after every block chosen so far.
    mutating func append(_ index: Int) {
        room.initializeElement(at: count, to: index)
        count += 1
    }

    /// Adds a block not chosen yet, in its place in tree order.
    mutating func insert(_ index: Int) {
        var at = count
        while at > 0, room[at - 1] > index {
            room.initializeElement(at: at, to: room[at - 1])
            at -= 1
        }
        room[at] = index
        count += 1
    }

    mutating func remove(_ index: Int) {
        var kept = 0
        for at in 0..<count where room[at] != index {
            room[kept] = room[at]
            kept += 1
        }
        count = kept
    }
}

extension FragmentDiff {
    /// The blocks' own hashes, into `hashes` (one place a block): known ones as they are, the
    /// others worked out.
    static func ownHashes(_ tree: BlockTree, held: HeldBlocks, into hashes: UnsafeMutableBufferPointer<UInt64>) {
        for index in tree.blocks.indices { hashes.initializeElement(at: index, to: held.known(index)?.own ?? tree.ownHash(of: index)) }
    }

    /// `innerHash` for block `index`, taken from what is known of it where that says.
    static func innerHash(
        _ index: Int, tree: BlockTree, echoed: (block: Int, value: String, text: Range<Int>?)?, known: KnownHashes?
    ) -> UInt64 {
        if let echoed {
            if let inner = known?.filled(with: echoed.value)?.inner { return inner }
        } else if let inner = known?.inner {
            return inner
        }
        return innerHash(index, tree: tree, value: echoed?.value, text: echoed?.text, tagEnd: known?.tagEnd)
    }

    /// Whether each known hash is what working it out from the markup gives (for assertions).
    static func knownHashesHold(_ tree: BlockTree, _ known: [KnownHashes?]) -> Bool {
        for (index, known) in known.enumerated() {
            guard let known else { continue }
            let range = tree.blocks[index].range
            guard tree.blocks[index].children.isEmpty, known.own == tree.ownHash(of: index) else { return false }
            if let tagEnd = known.tagEnd, tagEnd != startTagEnd(tree.html, range) { return false }
            if let inner = known.inner, inner != innerHash(index, tree: tree, value: nil, text: nil) { return false }
            if let filled = known.filled {
                let text = valueText(filled.value, in: range, of: tree.html)
                guard text == filled.text, filled.valueFree == hash(range, of: tree.html, leavingOut: filled.text) else { return false }
                if let inner = filled.inner, inner != innerHash(index, tree: tree, value: filled.value, text: text) { return false }
            }
        }
        return true
    }
}
