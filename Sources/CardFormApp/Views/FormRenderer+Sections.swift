import CardFormSupport
import Mustache

extension FormRenderer {
    /// The fragments when leaf `leaf` of `plan` appeared or vanished: the smallest section holding
    /// it (`BlockPlan.Section`) rendered alone, and the other leaves `changes` reaches as
    /// `leafFragments` renders them, diffed by key against what the page holds. Each block's own
    /// markup is what the whole form's render gives it, so the answer is that render's; nil sends
    /// the caller to it: no section holds the leaf, a leaf outside it appeared or vanished too, a
    /// key would repeat, or a render did not give the one block it stands for.
    func sectionFragments(
        _ plan: BlockPlan, around leaf: Int, changes: ViewChanges, view: FormView, page: inout PageState, echo: FieldEcho?, announces: Bool
    ) throws(TemplateError) -> String? {
        guard let number = plan.enclosing[leaf], page.keptFieldLeaf.holdsNoRepeatedKey else { return nil }
        let section = plan.sections[number]
        // A section the page lacks would change its parent's markup: the whole form's to answer.
        guard page.blocks[section.key] != nil else { return nil }
        var html: [UInt8] = []
        html.reserveCapacity(8 * 1024)
        // What each render appended, and the block it stands for (none: it rendered blanks).
        var pieces: [(key: String?, range: Range<Int>)] = []
        var echoed = echo == nil
        for (index, reach) in plan.reaches.enumerated() {
            let isEcho = echo?.type.map { reach.field == $0 } ?? echo.map { plan.leaves[index].key == $0.field } ?? false
            echoed = echoed || isEcho
            if section.leaves.contains(index) {
                // The section goes where its first leaf stands: its leaves are rendered with it.
                guard index == section.leaves[0] else { continue }
                let start = html.count
                guard try render(section, plan, view: view, into: &html) else { return nil }
                pieces.append((section.key, start..<html.count))
                continue
            }
            guard isEcho || !reach.changes.isDisjoint(with: changes) else { continue }
            let leaf = plan.leaves[index]
            let start = html.count
            let holds = page.blocks[leaf.key] != nil
            switch try render(leaf, view: view, into: &html) {
            case .unfit: return nil
            case .nothing: guard !holds else { return nil }
            case .block: guard holds else { return nil }
            }
            pieces.append((holds ? leaf.key : nil, start..<html.count))
        }
        let tree = BlockTree(bytes: html)
        guard echoed, Self.stands(tree, for: pieces), KeptFieldLeaf.holdsNoRepeatedKey(tree) else { return nil }
        return FragmentDiff.respond(to: tree, page: &page, echo: echo, resync: false, announces: announces, dropping: section.names)
    }

    /// Appends the section's render: its own markup, and each of its leaves rendered alone where
    /// the section includes it (`BlockPlan` has seen each render there the bytes it renders
    /// alone), from its memo where it has one. False when the renderer left out other inclusions
    /// than the leaves', or a leaf's render is not one block of its name or blanks.
    private func render(
        _ section: BlockPlan.Section, _ plan: BlockPlan, view: FormView, into html: inout [UInt8]
    ) throws(TemplateError) -> Bool {
        var own: [UInt8] = []
        own.reserveCapacity(2048)
        let data = view.data(reading: section.rootKeys)
        let cuts = try resources.templates.render(section.template, data: data, apart: section.leafTemplates, into: &own)
        guard cuts.map(\.template) == section.leafTemplates else { return false }
        var cursor = 0
        for (cut, index) in zip(cuts, section.leaves) {
            html.append(contentsOf: own[cursor..<cut.at])
            cursor = cut.at
            if case .unfit = try render(plan.leaves[index], view: view, into: &html) { return false }
        }
        html.append(contentsOf: own[cursor...])
        return true
    }

    /// Whether each piece of `tree`'s markup holds the one outermost block it stands for, with
    /// nothing but blanks around it, or only blanks when it stands for none.
    static func stands(_ tree: BlockTree, for pieces: [(key: String?, range: Range<Int>)]) -> Bool {
        var outermost = tree.blocks.indices.lazy.filter { tree.blocks[$0].parent == nil }.makeIterator()
        for piece in pieces {
            guard let key = piece.key else {
                guard tree.html[piece.range].allSatisfy(BlockTree.isBlank) else { return false }
                continue
            }
            guard let block = outermost.next(), tree.blocks[block].key == key else { return false }
            let range = tree.blocks[block].range
            guard piece.range.lowerBound <= range.lowerBound, range.upperBound <= piece.range.upperBound,
                  BlockTree.wraps(range, everythingIn: tree.html[piece.range])
            else { return false }
        }
        return outermost.next() == nil
    }
}
