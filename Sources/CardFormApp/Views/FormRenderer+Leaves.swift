import CardEngine
import CardFormSupport
import Mustache

extension FormRenderer {
    /// The fragments from the leaves `changes` reaches (and the edited field's, which carries the
    /// echo), each rendered alone, against what the page holds; nil sends the caller to the
    /// whole-form render: a leaf appeared or vanished (its section's own markup changed), the
    /// page holds a leaf's name twice, the edited field has no leaf, or a leaf's template did not
    /// render one block of its name.
    func leafFragments(
        _ plan: BlockPlan, changes: ViewChanges, view: FormView, page: inout PageState, echo: FieldEcho?, announces: Bool = false
    ) throws(TemplateError) -> String? {
        var html: [UInt8] = []
        var blocks: [BlockTree.Block] = []
        var echoed = echo == nil
        for leaf in plan.leaves {
            let isEcho = leaf.key == echo?.field
            guard isEcho || !leaf.changes.isDisjoint(with: changes) else { continue }
            echoed = echoed || isEcho
            guard page.hashes[leaf.key + "#2"] == nil, let tree = try render(leaf, view: view) else { return nil }
            guard (page.hashes[leaf.key] != nil) == !tree.blocks.isEmpty else { return nil }
            guard let block = tree.blocks.first else { continue }
            let offset = html.count - block.range.lowerBound
            html.append(contentsOf: tree.html[block.range])
            blocks.append(BlockTree.Block(key: leaf.key, range: (block.range.lowerBound + offset)..<(block.range.upperBound + offset), parent: nil))
        }
        guard echoed else { return nil }
        let (body, answered) = FragmentDiff.respond(to: BlockTree(bytes: html, blocks: blocks), page: page, echo: echo, resync: false, announces: announces)
        // Only these leaves were rendered: every other block keeps what the page already holds.
        var hashes = page.hashes
        var valueFree = page.valueFreeHashes
        var inner = page.innerHashes
        for block in blocks {
            hashes[block.key] = answered.hashes[block.key]
            valueFree[block.key] = answered.valueFreeHashes[block.key]
            inner[block.key] = answered.innerHashes[block.key]
        }
        page = answered
        page.hashes = hashes
        page.valueFreeHashes = valueFree
        page.innerHashes = inner
        return body
    }

    /// The leaf rendered alone: one block of its name, or no block (nothing but blanks); nil
    /// for anything else. A field's leaf comes from `BlockMemo` when its value can be filled in.
    private func render(_ leaf: BlockPlan.Leaf, view: FormView) throws(TemplateError) -> BlockTree? {
        if leaf.isMemoizable, let field = leaf.field, case let value = view.shownValue(for: field), BlockMemo.canFill(value) {
            return try memoized(leaf, field: field, value: value, view: view)
        }
        return checked(BlockTree(bytes: try render(leaf.template, data: view.data(only: leaf.onlyField, reading: leaf.rootKeys))), leaf)
    }

    private func memoized(_ leaf: BlockPlan.Leaf, field: FieldType, value: String, view: FormView) throws(TemplateError) -> BlockTree? {
        let state = view.fieldState(field)
        let memoKey = BlockMemo.Key(template: leaf.template, language: view.pack.language, state: state)
        let entry: BlockMemo.Entry
        if let known = resources.blockMemo.entry(for: memoKey) {
            entry = known
        } else {
            let data = view.fieldBlockData(field, state: state, value: BlockMemo.standIn)
            guard let tree = checked(BlockTree(bytes: try render(leaf.template, data: data)), leaf), !tree.blocks.isEmpty else { return nil }
            entry = BlockMemo.Entry(cutting: tree.html, block: tree.blocks[0].range)
            resources.blockMemo.remember(entry, for: memoKey)
        }
        let (html, range) = entry.filled(with: value)
        return BlockTree(bytes: html, block: leaf.key, range: range)
    }

    private func checked(_ tree: BlockTree, _ leaf: BlockPlan.Leaf) -> BlockTree? {
        if tree.blocks.isEmpty { return tree.html.allSatisfy(BlockTree.isBlank) ? tree : nil }
        guard tree.blocks.count == 1, tree.blocks[0].key == leaf.key, tree.wrapsEverything(0) else { return nil }
        return tree
    }
}
