import CardEngine
import CardFormSupport
import Mustache

/// The edited field's new value and caret, carried on the template that holds its block.
struct FieldEcho: Equatable, Sendable {
    let field: String
    /// `field`'s type, when it names one: a keystroke finds its leaf by it (`BlockPlan.Leaf.field`)
    /// rather than comparing every leaf's name with `field`.
    let type: FieldType?
    var value: String
    var caret: Int
    var seq: Int
    /// The value and caret are the ones the page sent: the page already shows them, so an echo
    /// with nothing else to carry need not be sent at all.
    var isWhatWasSent = false

    init(field: String, value: String, caret: Int, seq: Int, isWhatWasSent: Bool = false) {
        self.field = field
        type = FieldType(rawValue: field)
        self.value = value
        self.caret = caret
        self.seq = seq
        self.isWhatWasSent = isWhatWasSent
    }

    /// A keystroke's echo: the name taken from the type, not the type parsed from the name.
    init(_ type: FieldType, value: String, caret: Int, seq: Int, isWhatWasSent: Bool) {
        field = type.rawValue
        self.type = type
        self.value = value
        self.caret = caret
        self.seq = seq
        self.isWhatWasSent = isWhatWasSent
    }

    /// Whether a keystroke in `field` is echoed: a value that never leaves the session (the CVV)
    /// is not, and the page keeps what was typed.
    static func echoes(_ field: FieldType) -> Bool { field.spec.readBack != .never }

    /// The echoed fields, with their names: a page's block keys are compared with these few names
    /// (equal small strings compare by their bytes), which costs less than hashing every key.
    static let echoedFields = FieldType.allCases.filter(echoes).map { (name: $0.rawValue, length: $0.rawValue.utf8.count, field: $0) }

    /// The echoed field whose block is named `key`, if any. Lengths first: two small strings
    /// that differ are compared by a call into the standard library, and most names differ in
    /// length from a given key.
    static func echoedField(named key: String, in fields: [(name: String, length: Int, field: FieldType)]) -> FieldType? {
        let length = key.utf8.count
        for entry in fields where entry.length == length && entry.name == key { return entry.field }
        return nil
    }
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
    /// The fragments for `tree` against `page`, which leaves `page` as the client holds it once
    /// it applies them. `resync` sends the outermost blocks whole (the client's copy is unknown);
    /// `announces` says that the render's live region says something. `leaves`, when given, says
    /// that `tree` holds only some of the page's blocks (leaves rendered alone:
    /// `FormRenderer.leafFragments`), so the page keeps the others as it holds them, and gives
    /// for each of `tree`'s blocks, in order, what the page holds of it and where (found by the
    /// caller already; nothing `page.blocks` gains or loses in between), and what is already
    /// known of its hashes. `dropping`, when given, says that `tree` holds only some of the page's
    /// blocks, found by key (sections rendered alone: `FormRenderer.sectionFragments`): the page
    /// loses those of these names that `tree` lacks, and keeps its others as it holds them.
    static func respond(
        to tree: BlockTree, page: inout PageState, echo: FieldEcho?, resync: Bool, announces: Bool = false,
        leaves: UnsafeBufferPointer<LeafBlock>? = nil, dropping: [String]? = nil
    ) -> String {
        // Each block's entry is found once, by key, and everything below works on indices.
        assert(leaves.map { $0.count == tree.blocks.count } ?? true, "leaves must match tree.blocks one for one")
        assert(leaves.map { leaves in leaves.indices.allSatisfy { page.blocks.keys[leaves[$0].slot] == tree.blocks[$0].key } } ?? true)
        assert(leaves.map { knownHashesHold(tree, $0.map(\.known)) } ?? true, "known hashes must hold")
        let held = HeldBlocks(
            leaves: leaves ?? UnsafeBufferPointer(start: nil, count: 0), whole: leaves == nil ? tree.blocks.map { page.blocks[$0.key] } : [])
        // Each block's figures live on the stack for the answer's making, not in three allocations:
        // a keystroke's one or two leaves, a whole form's few dozen blocks. Past 42 blocks the held
        // room passes 1 KB and Swift first checks the stack left (a slower path, whole forms only).
        let count = tree.blocks.count
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * count) { hashes in
            withUnsafeTemporaryAllocation(of: HeldBlock.self, capacity: count) { next in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { chosen in
                    let figures = Figures(
                        own: UnsafeMutableBufferPointer(rebasing: hashes[..<count]),
                        heard: UnsafeMutableBufferPointer(rebasing: hashes[count...]), next: next, chosen: chosen)
                    return answer(
                        tree, page: &page, echo: echo, resync: resync, announces: announces, leaves: leaves, dropping: dropping, held: held,
                        figures)
                }
            }
        }
    }

    /// Room for a block's figures while an answer is made (`respond`), one place a block.
    private struct Figures {
        let own: UnsafeMutableBufferPointer<UInt64>
        /// `own` as the page holds it once the live region is heard, when something is said.
        let heard: UnsafeMutableBufferPointer<UInt64>
        let next: UnsafeMutableBufferPointer<HeldBlock>
        /// Room for the blocks chosen to go (`ChosenBlocks`).
        let chosen: UnsafeMutableBufferPointer<Int>
    }

    /// `respond`, given room for its figures.
    private static func answer(
        _ tree: BlockTree, page: inout PageState, echo: FieldEcho?, resync: Bool, announces: Bool, leaves: UnsafeBufferPointer<LeafBlock>?,
        dropping: [String]?, held: HeldBlocks, _ figures: Figures
    ) -> String {
        let own = figures.own
        ownHashes(tree, held: held, into: own)
        let heard: UnsafeMutableBufferPointer<UInt64>
        if announces {
            heard = figures.heard
            _ = heard.initialize(fromContentsOf: own)
            hear(tree, into: heard)
        } else {
            heard = own
        }
        var chosen = ChosenBlocks(room: figures.chosen)
        for index in tree.blocks.indices {
            if chosen.all.contains(where: { tree.isWithin(index, $0) }) { continue }
            let changed = resync ? tree.blocks[index].parent == nil : held[index]?.own != own[index]
            if changed { chosen.append(index) }
        }
        var echoBlock: Int?
        if let echo, let field = tree.index(of: echo.field) {
            echoBlock = chosen.all.first { tree.isWithin(field, $0) }
            if echoBlock == nil {
                chosen.insert(field)
                echoBlock = field
            }
        }
        let echoed = echoedText(echo, block: echoBlock, tree: tree, held: held)
        // A block's value-free hash stays while the block is what the page holds.
        let next = figures.next
        for index in tree.blocks.indices {
            next.initializeElement(
                at: index, to: HeldBlock(own: heard[index], valueFree: held[index]?.own == heard[index] ? held[index]?.valueFree : nil))
        }
        let valueOnly = rememberValueFree(echoBlock, valueFree: echoed?.valueFree, held: held, resync: resync, next: next)
        let tagOnly = rememberInner(
            tree, own: UnsafeBufferPointer(own), heard: UnsafeBufferPointer(heard), held: held, chosen: chosen.all,
            echo: echoed.flatMap { echoed in echo.map { (echoed.block, $0.value, echoed.text) } }, valueOnly: valueOnly, resync: resync,
            next: next)
        // The page holds the tree's blocks as `next` says, and no others unless they are leaves.
        if let leaves {
            for index in tree.blocks.indices { page.setHeld(next[index], at: leaves[index].slot) }
        } else if let dropping {
            for name in dropping { page.blocks.removeValue(forKey: name) }
            for index in tree.blocks.indices { page.blocks[tree.blocks[index].key] = next[index] }
        } else {
            page.blocks.removeAll(keepingCapacity: true)
            for index in tree.blocks.indices { page.blocks[tree.blocks[index].key] = next[index] }
            page.keptFieldLeaf.holdsNoRepeatedKey = KeptFieldLeaf.holdsNoRepeatedKey(tree)
        }
        // An echo the page already shows, on a block it already holds, would change nothing.
        if let valueOnly, echo?.isWhatWasSent == true { chosen.remove(valueOnly) }
        return write(chosen.all, of: tree, page: &page, echo: echo, echoBlock: echoBlock, valueOnly: valueOnly, tagOnly: tagOnly, held: held)
    }

    /// The echoed value's text in its block, when that has no child blocks: found once for the
    /// two hashes that leave it out (value-free and inner), with the value-free one.
    private static func echoedText(
        _ echo: FieldEcho?, block: Int?, tree: BlockTree, held: HeldBlocks
    ) -> (block: Int, text: Range<Int>?, valueFree: UInt64?)? {
        guard let block, let echo, tree.blocks[block].children.isEmpty else { return nil }
        if let filled = held.known(block)?.filled(with: echo.value) { return (block, filled.text, filled.valueFree) }
        let text = valueText(echo.value, in: tree.blocks[block].range, of: tree.html)
        return (block, text, text.map { hash(tree.blocks[block].range, of: tree.html, leavingOut: $0) })
    }

    /// The `<template>` elements for the `chosen` blocks; empty when none is.
    private static func write(
        _ chosen: UnsafeBufferPointer<Int>, of tree: BlockTree, page: inout PageState, echo: FieldEcho?, echoBlock: Int?,
        valueOnly: Int?, tagOnly: [Int], held: HeldBlocks
    ) -> String {
        guard !chosen.isEmpty else { return "" }
        page.revision += 1
        let revision = page.revision
        var room = AnswerBytes.Room()
        for index in chosen {
            room.add(#"<template data-cf-block="" data-cf-rev="""#)
            room.add(escaping: tree.blocks[index].key)
            room.addDecimal()
            if index == echoBlock, let echo { room.add(echo) }
            // A start tag with its end tag (`appendStartTag`), nothing, or the block's markup.
            let markup = tree.blocks[index].range.count
            if tagOnly.contains(index) {
                room.add(" data-cf-tag>")
                room.add(byteCount: 2 * markup + 2)
            } else {
                room.add(">")
                room.add(byteCount: index == valueOnly ? 0 : markup)
            }
            room.add("</template>\n")
        }
        return AnswerBytes.string(room: room) { body in
            for index in chosen {
                body.append(#"<template data-cf-block=""#)
                body.append(escaping: tree.blocks[index].key)
                body.append(#"" data-cf-rev=""#)
                body.append(decimal: revision)
                body.append(UInt8(ascii: "\""))
                if index == echoBlock, let echo { append(echo, block: tree.blocks[index].key, to: &body) }
                if tagOnly.contains(index) {
                    body.append(" data-cf-tag>")
                    appendStartTag(of: index, tree: tree, tagEnd: held.known(index)?.tagEnd, to: &body)
                } else {
                    body.append(UInt8(ascii: ">"))
                    if index != valueOnly { body.append(tree.html[tree.blocks[index].range]) }
                }
                body.append("</template>\n")
            }
        }
    }

    /// The echo's attributes. The field goes only when it is not the block's own (a section
    /// carrying it), the caret only when it is not at the end of the value (in UTF-16 units, as
    /// the page counts): most answers are this and nothing else.
    private static func append(_ echo: FieldEcho, block: String, to body: inout AnswerBytes) {
        if echo.field != block {
            body.append(#" data-cf-field=""#)
            body.append(escaping: echo.field)
            body.append(UInt8(ascii: "\""))
        }
        body.append(#" data-cf-value=""#)
        body.append(escaping: echo.value)
        if echo.caret != echo.value.utf16.count {
            body.append(#"" data-cf-caret=""#)
            body.append(decimal: echo.caret)
        }
        body.append(#"" data-cf-seq=""#)
        body.append(decimal: echo.seq)
        body.append(UInt8(ascii: "\""))
    }

    /// Sets the echo's block's value-free hash in `next` (the others were kept where their block
    /// did not change), and says whether the echo's block (`index`) may go empty: its own markup is
    /// what the page holds (a focus or blur that changed nothing in it), or it has no child blocks
    /// and but for the value (`valueFree`: its hash with the value's text left out, where found)
    /// its markup is what the page holds. Never on a resync: what the page holds is not known then.
    private static func rememberValueFree(
        _ index: Int?, valueFree: UInt64?, held: HeldBlocks, resync: Bool, next: UnsafeMutableBufferPointer<HeldBlock>
    ) -> Int? {
        guard let index else { return nil }
        next[index].valueFree = valueFree
        guard !resync else { return nil }
        if let was = held[index], was.own == next[index].own { return index }
        guard let valueFree, held[index]?.valueFree == valueFree else { return nil }
        return index
    }

    /// The blocks' own hashes (`BlockTree.ownHashes`) as the page holds them once it has emptied
    /// the live region: a block without child blocks whose markup holds a `data-cf-announcement`
    /// element with text is hashed with that text left out, which is the hash of its render saying
    /// nothing (`BlockHash` streams: the two parts hash as the bytes around the text would).
    static func hashesOnceHeard(_ tree: BlockTree, _ hashes: [UInt64]) -> [UInt64] {
        var heard = hashes
        heard.withUnsafeMutableBufferPointer { hear(tree, into: $0) }
        return heard
    }

    /// `hashesOnceHeard` in place: `hashes` holds the own hashes and is left holding them heard.
    static func hear(_ tree: BlockTree, into hashes: UnsafeMutableBufferPointer<UInt64>) {
        for index in tree.blocks.indices where tree.blocks[index].children.isEmpty {
            guard let said = AnnouncementHook.text(in: tree.html, tree.blocks[index].range), !said.isEmpty else { continue }
            var hasher = BlockHash()
            hasher.combine(tree.html[tree.blocks[index].range.lowerBound..<said.lowerBound])
            hasher.combine(tree.html[said.upperBound..<tree.blocks[index].range.upperBound])
            hashes[index] = hasher.value
        }
    }

    /// Where the text of the first `value="<value>"` attribute lies in `html[range]`, or nil.
    static func valueText(_ value: String, in range: Range<Int>, of html: [UInt8]) -> Range<Int>? {
        // A value escaping leaves as it is (digits, most names) is compared where each
        // `value="` lies: no needle is built for it, on every page and echoed keystroke.
        guard HTMLEscaping.leavesUnchanged(value) else { return escapedValueText(value, in: range, of: html) }
        var value = value
        return value.withUTF8 { plainValueText($0, in: range, of: html) }
    }

    private static let valueAttribute = Array(#"value=""#.utf8)

    /// `valueText` for a value whose bytes are its escaped text.
    private static func plainValueText(_ value: UnsafeBufferPointer<UInt8>, in range: Range<Int>, of html: [UInt8]) -> Range<Int>? {
        let open = valueAttribute
        var from = range.lowerBound
        while let at = ByteSearch.firstIndex(of: open, in: html, from..<range.upperBound) {
            let text = (at + open.count)..<(at + open.count + value.count)
            if text.upperBound < range.upperBound, html[text.upperBound] == UInt8(ascii: "\""),
               value.indices.allSatisfy({ html[text.lowerBound + $0] == value[$0] }) {
                return text
            }
            from = at + 1
        }
        return nil
    }

    /// `valueText` for any value: its escaped text searched for whole.
    private static func escapedValueText(_ value: String, in range: Range<Int>, of html: [UInt8]) -> Range<Int>? {
        var needle = valueAttribute
        let start = needle.count
        HTMLEscaping.append(escaping: value, to: &needle)
        let end = needle.count
        needle.append(UInt8(ascii: "\""))
        guard let at = ByteSearch.firstIndex(of: needle, in: html, range) else { return nil }
        return (at + start)..<(at + end)
    }

    /// The hash of `html[range]` with `text` (within it) left out: a block's value-free hash, when
    /// `text` is the echoed value's (`valueText`).
    static func hash(_ range: Range<Int>, of html: [UInt8], leavingOut text: Range<Int>) -> UInt64 {
        var hasher = BlockHash()
        hasher.combine(html[range.lowerBound..<text.lowerBound])
        hasher.combine(0)
        hasher.combine(html[text.upperBound..<range.upperBound])
        return hasher.value
    }
}

extension AnswerBytes.Room {
    /// The most an echo's attributes take (`FragmentDiff.append(_:block:to:)`).
    mutating func add(_ echo: FieldEcho) {
        add(#" data-cf-field="" data-cf-value="" data-cf-caret="" data-cf-seq="""#)
        add(escaping: echo.field)
        add(escaping: echo.value)
        addDecimal()
        addDecimal()
    }
}
