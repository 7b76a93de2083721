import CardEngine
import CardFormSupport
import Mustache

/// The edited field's new value and caret, carried on the template that holds its block.
struct FieldEcho: Equatable, Sendable {
    var field: String
    var value: String
    var caret: Int
    var seq: Int
    /// The value and caret are the ones the page sent: the page already shows them, so an echo
    /// with nothing else to carry need not be sent at all.
    var isWhatWasSent = false

    /// Whether a keystroke in `field` is echoed: a value that never leaves the session (the CVV)
    /// is not, and the page keeps what was typed.
    static func echoes(_ field: FieldType) -> Bool { field.spec.readBack != .never }
}

/// Chooses which blocks of a new render to send, and writes them as `<template>` elements.
///
/// A block is sent when its own markup (children aside) changed since the page's last response;
/// a sent block carries its children, so they are not sent again. A block that appears or vanishes
/// changes its parent's own markup, so the parent goes. The edited field's block (or the block that
/// contains it) always goes, with the formatted value and caret; when nothing in it changed but
/// that value, it goes empty: the page keeps its block and sets the input's value and caret.
///
/// What the live region says (`data-cf-announcement`) is said once: the page empties it once heard
/// (cardform-announce.js), so the page is taken to hold it empty after the answer that said it, and
/// no answer is spent on clearing it.
enum FragmentDiff {
    /// The fragments for `tree` against `page`, and the page's state after the client applies them.
    /// `resync` sends the outermost blocks whole (the client's copy is unknown); `announces` says
    /// that the render's live region says something.
    static func respond(
        to tree: BlockTree, page: PageState, echo: FieldEcho?, resync: Bool, announces: Bool = false
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
        next.hashes = announces ? hashesOnceHeard(tree, hashes) : hashes
        let valueOnly = rememberValueFree(echoBlock, tree: tree, echo: echo, page: page, resync: resync, next: &next)
        let tagOnly = rememberInner(
            tree, hashes: hashes, heard: next.hashes, chosen: chosen, echo: echoBlock.flatMap { block in echo.map { (block, $0.value) } },
            valueOnly: valueOnly, page: page, resync: resync, next: &next)
        // An echo the page already shows, on a block it already holds, would change nothing.
        if let valueOnly, echo?.isWhatWasSent == true { chosen.removeAll { $0 == valueOnly } }
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
            if index == echoBlock, let echo { append(echo, block: tree.blocks[index].key, to: &body) }
            if tagOnly.contains(index) {
                body.append(contentsOf: " data-cf-tag>".utf8)
                appendStartTag(of: index, tree: tree, to: &body)
            } else {
                body.append(UInt8(ascii: ">"))
                if index != valueOnly { body.append(contentsOf: tree.html[tree.blocks[index].range]) }
            }
            body.append(contentsOf: "</template>\n".utf8)
        }
        return (String(decoding: body, as: UTF8.self), next)
    }

    /// The echo's attributes. The field goes only when it is not the block's own (a section
    /// carrying it), the caret only when it is not at the end of the value (in UTF-16 units, as
    /// the page counts): most answers are this and nothing else.
    private static func append(_ echo: FieldEcho, block: String, to body: inout [UInt8]) {
        if echo.field != block {
            body.append(contentsOf: #" data-cf-field=""#.utf8)
            HTMLEscaping.append(escaping: echo.field, to: &body)
            body.append(UInt8(ascii: "\""))
        }
        body.append(contentsOf: #" data-cf-value=""#.utf8)
        HTMLEscaping.append(escaping: echo.value, to: &body)
        if echo.caret != echo.value.utf16.count {
            body.append(contentsOf: #"" data-cf-caret=""#.utf8)
            body.append(contentsOf: String(echo.caret).utf8)
        }
        body.append(contentsOf: #"" data-cf-seq=""#.utf8)
        body.append(contentsOf: String(echo.seq).utf8)
        body.append(UInt8(ascii: "\""))
    }

    /// Keeps `next.valueFreeHashes` for the blocks of `tree` (dropped where the block changed, set
    /// for the echo's block), and says whether the echo's block may go empty: its own markup is
    /// what the page holds (a focus or blur that changed nothing in it), or it has no child blocks
    /// and but for the value its markup is what the page holds. Never on a resync: what the page
    /// holds is not known then.
    private static func rememberValueFree(
        _ index: Int?, tree: BlockTree, echo: FieldEcho?, page: PageState, resync: Bool, next: inout PageState
    ) -> Int? {
        for block in tree.blocks where page.hashes[block.key] != next.hashes[block.key] { next.valueFreeHashes[block.key] = nil }
        next.valueFreeHashes = next.valueFreeHashes.filter { next.hashes[$0.key] != nil }
        guard let index, let echo else { return nil }
        let key = tree.blocks[index].key
        let hash = tree.blocks[index].children.isEmpty ? valueFreeHash(index, tree: tree, value: echo.value) : nil
        next.valueFreeHashes[key] = hash
        guard !resync else { return nil }
        if let held = page.hashes[key], held == next.hashes[key] { return index }
        guard let hash, page.valueFreeHashes[key] == hash else { return nil }
        return index
    }

    /// The blocks' own hashes as the page holds them once it has emptied the live region: a
    /// block without child blocks whose markup holds a `data-cf-announcement` element with text
    /// is hashed with that text left out, which is the hash of its render saying nothing.
    static func hashesOnceHeard(_ tree: BlockTree, _ hashes: [String: UInt64]) -> [String: UInt64] {
        var heard = hashes
        for index in tree.blocks.indices where tree.blocks[index].children.isEmpty {
            guard let said = AnnouncementHook.text(in: tree.html, tree.blocks[index].range), !said.isEmpty else { continue }
            var hasher = FNV1a()
            hasher.combine(tree.html[tree.blocks[index].range.lowerBound..<said.lowerBound])
            hasher.combine(tree.html[said.upperBound..<tree.blocks[index].range.upperBound])
            heard[tree.blocks[index].key] = hasher.value
        }
        return heard
    }

    /// The block's own hash with the text of its first `value="<value>"` attribute left out; nil
    /// when it has none (the value is not in its markup: nothing to leave out).
    static func valueFreeHash(_ index: Int, tree: BlockTree, value: String) -> UInt64? {
        valueFreeHash(in: tree.blocks[index].range, of: tree.html, value: value)
    }

    /// The hash of `html[range]` with the text of its first `value="<value>"` attribute left out.
    static func valueFreeHash(in range: Range<Int>, of html: [UInt8], value: String) -> UInt64? {
        var needle = Array(#"value=""#.utf8)
        let start = needle.count
        HTMLEscaping.append(escaping: value, to: &needle)
        let end = needle.count
        needle.append(UInt8(ascii: "\""))
        guard let at = ByteSearch.firstIndex(of: needle, in: html, range) else { return nil }
        var hasher = FNV1a()
        hasher.combine(html[range.lowerBound..<(at + start)])
        hasher.combine(0)
        hasher.combine(html[(at + end)..<range.upperBound])
        return hasher.value
    }
}
