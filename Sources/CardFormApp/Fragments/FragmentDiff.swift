import Glibc
import CardFormSupport
import Mustache

/// The edited field's new value and caret, carried on the template that holds its block.
struct FieldEcho: Equatable, Sendable {
    var field: String
    var value: String
    var caret: Int
    var seq: Int
}

/// Chooses which blocks of a new render to send, and writes them as `<template>` elements.
///
/// A block is sent when its own markup (children aside) changed since the page's last response;
/// a sent block carries its children, so they are not sent again. A block that appears or vanishes
/// changes its parent's own markup, so the parent goes. The edited field's block (or the block that
/// contains it) always goes, with the formatted value and caret; when nothing in it changed but
/// that value, it goes empty: the page keeps its block and sets the input's value and caret.
enum FragmentDiff {
    /// The fragments for `tree` against `page`, and the page's state after the client applies them.
    /// `resync` sends the outermost blocks whole (the client's copy is unknown).
    static func respond(
        to tree: BlockTree, page: PageState, echo: FieldEcho?, resync: Bool
    ) -> (body: String, page: PageState) {
        let hashes = tree.ownHashes()
        var chosen: [Int] = []
        for index in tree.blocks.indices {
            if chosen.contains(where: { tree.isWithin(index, $0) }) { continue }
            let block = tree.blocks[index]
            let changed = resync ? block.parent == nil : page.hashes[block.key] != hashes[block.key]
            if changed { chosen.append(index) }
        }
        var echoBlock: Int?
        if let echo, let field = tree.index(of: echo.field) {
            echoBlock = chosen.first { tree.isWithin(field, $0) }
            if echoBlock == nil {
                chosen.append(field)
                chosen.sort()
                echoBlock = field
            }
        }
        var next = page
        next.hashes = hashes
        let valueOnly = rememberValueFree(echoBlock, tree: tree, echo: echo, page: page, next: &next)
        guard !chosen.isEmpty else { return ("", next) }
        next.revision += 1
        var body: [UInt8] = []
        body.reserveCapacity(chosen.reduce(0) { $0 + tree.blocks[$1].range.count + 160 })
        for index in chosen {
            body.append(contentsOf: #"<template data-cf-block=""#.utf8)
            HTMLEscaping.append(escaping: tree.blocks[index].key, to: &body)
            body.append(contentsOf: #"" data-cf-rev=""#.utf8)
            body.append(contentsOf: String(next.revision).utf8)
            body.append(UInt8(ascii: "\""))
            if index == echoBlock, let echo {
                body.append(contentsOf: #" data-cf-field=""#.utf8)
                HTMLEscaping.append(escaping: echo.field, to: &body)
                body.append(contentsOf: #"" data-cf-value=""#.utf8)
                HTMLEscaping.append(escaping: echo.value, to: &body)
                body.append(contentsOf: #"" data-cf-caret=""#.utf8)
                body.append(contentsOf: String(echo.caret).utf8)
                body.append(contentsOf: #"" data-cf-seq=""#.utf8)
                body.append(contentsOf: String(echo.seq).utf8)
                body.append(UInt8(ascii: "\""))
            }
            body.append(UInt8(ascii: ">"))
            if index != valueOnly { body.append(contentsOf: tree.html[tree.blocks[index].range]) }
            body.append(contentsOf: "</template>\n".utf8)
        }
        return (String(decoding: body, as: UTF8.self), next)
    }

    /// Keeps `next.valueFreeHashes` for the blocks of `tree` (dropped where the block changed, set
    /// for the echo's block), and says whether the echo's block may go empty: it has no child
    /// blocks, and but for the value its markup is what the page holds.
    private static func rememberValueFree(_ index: Int?, tree: BlockTree, echo: FieldEcho?, page: PageState, next: inout PageState) -> Int? {
        for block in tree.blocks where page.hashes[block.key] != next.hashes[block.key] { next.valueFreeHashes[block.key] = nil }
        next.valueFreeHashes = next.valueFreeHashes.filter { next.hashes[$0.key] != nil }
        guard let index, let echo else { return nil }
        let key = tree.blocks[index].key
        let hash = tree.blocks[index].children.isEmpty ? valueFreeHash(index, tree: tree, value: echo.value) : nil
        next.valueFreeHashes[key] = hash
        guard let hash, page.valueFreeHashes[key] == hash else { return nil }
        return index
    }

    /// The block's own hash with the text of its first `value="<value>"` attribute left out; nil
    /// when it has none (the value is not in its markup: nothing to leave out).
    static func valueFreeHash(_ index: Int, tree: BlockTree, value: String) -> UInt64? {
        var needle = Array(#"value=""#.utf8)
        let start = needle.count
        HTMLEscaping.append(escaping: value, to: &needle)
        let end = needle.count
        needle.append(UInt8(ascii: "\""))
        let range = tree.blocks[index].range
        guard let at = firstIndex(of: needle, in: tree.html, range) else { return nil }
        var hasher = FNV1a()
        hasher.combine(tree.html[range.lowerBound..<(at + start)])
        hasher.combine(0)
        hasher.combine(tree.html[(at + end)..<range.upperBound])
        return hasher.value
    }

    /// Where `needle` first starts in `html[range]`: a plain byte search (the generic
    /// `firstRange(of:)` costs a third of a keystroke's instructions here).
    private static func firstIndex(of needle: [UInt8], in html: [UInt8], _ range: Range<Int>) -> Int? {
        html.withUnsafeBufferPointer { html in
            needle.withUnsafeBufferPointer { needle in
                guard let first = needle.first, range.count >= needle.count else { return nil }
                var index = range.lowerBound
                let last = range.upperBound - needle.count
                while index <= last {
                    if html[index] == first, memcmp(html.baseAddress! + index, needle.baseAddress!, needle.count) == 0 { return index }
                    index += 1
                }
                return nil
            }
        }
    }
}
