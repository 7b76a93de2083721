import CardFormSupport

/// Blocks whose own start tag alone changed (a field turning valid or invalid changes its root's
/// class, and often nothing else) go as that start tag: `<template … data-cf-tag>` holding the
/// root element empty, whose attributes the page copies onto its block, keeping what is inside.
///
/// `PageState.innerHashes` keeps, for each block without child blocks, the hash of its markup
/// after the start tag; for the edited field's block, with the echoed value's text left out (as
/// `valueFreeHash` does), since the page takes the value from the echo.
extension FragmentDiff {
    /// Updates `next.innerHashes` for the blocks of `tree` whose own hash changed (`hashes`
    /// against `page.hashes`), and returns the chosen blocks that may go as their start tag: not
    /// a resync, not the value-only block, no child blocks, nothing said in it (`heard`: hashes
    /// as the page holds them once the live region is emptied), and what follows the start tag is
    /// what the page holds.
    static func rememberInner(
        _ tree: BlockTree, hashes: [String: UInt64], heard: [String: UInt64], chosen: [Int], echo: (block: Int, value: String)?,
        valueOnly: Int?, page: PageState, resync: Bool, next: inout PageState
    ) -> Set<Int> {
        var tagOnly: Set<Int> = []
        for index in tree.blocks.indices {
            let block = tree.blocks[index]
            guard page.hashes[block.key] != hashes[block.key] else { continue }
            guard block.children.isEmpty, heard[block.key] == hashes[block.key] else {
                next.innerHashes[block.key] = nil
                continue
            }
            let inner = innerHash(index, tree: tree, value: echo?.block == index ? echo?.value : nil)
            if !resync, index != valueOnly, page.innerHashes[block.key] == inner, chosen.contains(index) { tagOnly.insert(index) }
            next.innerHashes[block.key] = inner
        }
        if next.innerHashes.count > next.hashes.count || next.innerHashes.keys.contains(where: { next.hashes[$0] == nil }) {
            next.innerHashes = next.innerHashes.filter { next.hashes[$0.key] != nil }
        }
        return tagOnly
    }

    /// `innerHashes` for a page rendered whole: each block's as `rememberInner` would keep it,
    /// `echoed(key)` giving the value an echo would carry for the block named `key`.
    static func innerHashes(of tree: BlockTree, hashes: [String: UInt64], heard: [String: UInt64], echoed: (String) -> String?) -> [String: UInt64] {
        var inner: [String: UInt64] = [:]
        for index in tree.blocks.indices where tree.blocks[index].children.isEmpty {
            let key = tree.blocks[index].key
            guard heard[key] == hashes[key] else { continue }
            inner[key] = innerHash(index, tree: tree, value: echoed(key))
        }
        return inner
    }

    /// The block's root start tag and its end tag, for a `data-cf-tag` answer.
    static func appendStartTag(of index: Int, tree: BlockTree, to body: inout [UInt8]) {
        let range = tree.blocks[index].range
        let end = startTagEnd(tree.html, range)
        body.append(contentsOf: tree.html[range.lowerBound..<end])
        var name = range.lowerBound + 1
        while name < end, !BlockTree.isBlank(tree.html[name]), tree.html[name] != UInt8(ascii: ">"), tree.html[name] != UInt8(ascii: "/") {
            name += 1
        }
        body.append(contentsOf: "</".utf8)
        body.append(contentsOf: tree.html[(range.lowerBound + 1)..<name])
        body.append(UInt8(ascii: ">"))
    }

    /// The hash of the block's markup after its start tag; with the text of the first
    /// `value="<value>"` attribute left out when `value` is given and found.
    static func innerHash(_ index: Int, tree: BlockTree, value: String?) -> UInt64 {
        let range = tree.blocks[index].range
        let inner = startTagEnd(tree.html, range)..<range.upperBound
        if let value, let hash = valueFreeHash(in: inner, of: tree.html, value: value) { return hash }
        var hasher = FNV1a()
        hasher.combine(tree.html[inner])
        return hasher.value
    }

    /// Where the start tag at `range`'s beginning ends (after its `>`), quoted attribute values
    /// skipped.
    static func startTagEnd(_ html: [UInt8], _ range: Range<Int>) -> Int {
        var index = range.lowerBound + 1
        var quote: UInt8?
        while index < range.upperBound {
            let byte = html[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index + 1
            }
            index += 1
        }
        return range.upperBound
    }
}
