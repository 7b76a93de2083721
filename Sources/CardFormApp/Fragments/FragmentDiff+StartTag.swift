import CardEngine
import CardFormSupport

/// Blocks whose own start tag alone changed (a field turning valid or invalid changes its root's
/// class, and often nothing else) go as that start tag: `<template … data-cf-tag>` holding the
/// root element empty, whose attributes the page copies onto its block, keeping what is inside.
///
/// `HeldBlock.inner` keeps, for each block without child blocks, the hash of its markup
/// after the start tag; for the edited field's block, with the echoed value's text left out (as
/// the value-free hash does), since the page takes the value from the echo.
extension FragmentDiff {
    /// Sets `next`'s inner hashes: kept for the blocks whose own hash (`own`) is what the page
    /// holds (`held`), worked out again for the others. Returns the chosen blocks that may go as
    /// their start tag: not a resync, not the value-only block, no child blocks, nothing said in it
    /// (`heard`: hashes as the page holds them once the live region is emptied), and what follows
    /// the start tag is what the page holds.
    static func rememberInner(
        _ tree: BlockTree, own: UnsafeBufferPointer<UInt64>, heard: UnsafeBufferPointer<UInt64>, held: HeldBlocks,
        chosen: UnsafeBufferPointer<Int>, echo: (block: Int, value: String, text: Range<Int>?)?, valueOnly: Int?, resync: Bool,
        next: UnsafeMutableBufferPointer<HeldBlock>
    ) -> [Int] {
        var tagOnly: [Int] = []
        for index in tree.blocks.indices {
            guard held[index]?.own != own[index] else {
                next[index].inner = held[index]?.inner
                continue
            }
            guard tree.blocks[index].children.isEmpty, heard[index] == own[index] else { continue }
            let echoed = echo?.block == index ? echo : nil
            let inner = innerHash(index, tree: tree, echoed: echoed, known: held.known(index))
            if !resync, index != valueOnly, held[index]?.inner == inner, chosen.contains(index) { tagOnly.append(index) }
            next[index].inner = inner
        }
        return tagOnly
    }

    /// The blocks of a page rendered whole, as it then holds them: own hashes `heard` (as
    /// `hashesOnceHeard` gives them from `own`), and each inner hash as `rememberInner` would keep
    /// it, `echoed(field)` giving the value an echo would carry for the block of an echoed field.
    static func heldBlocks(of tree: BlockTree, own: [UInt64], heard: [UInt64], echoed: (FieldType) -> String?) -> [String: HeldBlock] {
        var blocks = [String: HeldBlock](minimumCapacity: tree.blocks.count)
        let echoedFields = FieldEcho.echoedFields
        for index in tree.blocks.indices {
            let key = tree.blocks[index].key
            var block = HeldBlock(own: heard[index])
            if tree.blocks[index].children.isEmpty, heard[index] == own[index] {
                let value = FieldEcho.echoedField(named: key, in: echoedFields).flatMap(echoed)
                let text = value.flatMap { valueText($0, in: tree.blocks[index].range, of: tree.html) }
                block.inner = innerHash(index, tree: tree, value: value, text: text)
            }
            blocks[key] = block
        }
        return blocks
    }

    /// The block's root start tag and its end tag, for a `data-cf-tag` answer.
    /// At most twice the block's markup and two bytes (`AnswerBytes.Room` counts so): the start
    /// tag is at most the markup, and the end tag its name and three bytes (`</`, `>`), the name
    /// being at most the markup less its `<` (where the tag has no `>`, `tagEnd` clamps there).
    static func appendStartTag(of index: Int, tree: BlockTree, tagEnd: Int?, to body: inout AnswerBytes) {
        let range = tree.blocks[index].range
        let end = tagEnd ?? tree.tagEnd(of: index)
        body.append(tree.html[range.lowerBound..<end])
        var name = range.lowerBound + 1
        while name < end, !BlockTree.isBlank(tree.html[name]), tree.html[name] != UInt8(ascii: ">"), tree.html[name] != UInt8(ascii: "/") {
            name += 1
        }
        body.append("</")
        body.append(tree.html[(range.lowerBound + 1)..<name])
        body.append(UInt8(ascii: ">"))
    }

    /// The hash of the block's markup after its start tag, with the text of the first
    /// `value="<value>"` attribute there left out; `text` is where the block's first such
    /// attribute's text lies (nil: none), as `valueText` finds it; `tagEnd`, where the start tag
    /// ends, when already known.
    static func innerHash(_ index: Int, tree: BlockTree, value: String?, text: Range<Int>?, tagEnd: Int? = nil) -> UInt64 {
        let range = tree.blocks[index].range
        let inner = (tagEnd ?? tree.tagEnd(of: index))..<range.upperBound
        // `text` is the block's first `value="…"`. What is searched for holds no `>` (the value is
        // escaped), so it lies wholly in the start tag or wholly after it: after it, it is also
        // the first there; in it, the first after the start tag is searched for.
        if let value, let text, let cut = text.lowerBound >= inner.lowerBound ? text : valueText(value, in: inner, of: tree.html) {
            return hash(inner, of: tree.html, leavingOut: cut)
        }
        return BlockHash.hash(tree.html[inner])
    }

    /// Where the start tag at `range`'s beginning ends (after its `>`), as the block scan reads
    /// it (`BlockTree.startTagEnd`): a scanned tree's blocks already know it (`BlockTree.tagEnd(of:)`).
    static func startTagEnd(_ html: [UInt8], _ range: Range<Int>) -> Int {
        BlockTree.startTagEnd(html, range)
    }
}
