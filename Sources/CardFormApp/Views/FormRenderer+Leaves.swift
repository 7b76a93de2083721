import CardEngine
import CardFormSupport
import Mustache

extension FormRenderer {
    /// The fragments from the leaves `changes` reaches (and the edited field's, which carries the
    /// echo), each rendered alone, against what the page holds; nil sends the caller to the
    /// whole-form render: a leaf appeared or vanished (its section's own markup changed) outside
    /// any section that renders alone (`sectionFragments`), the page holds a leaf's name twice,
    /// the edited field has no leaf, or a leaf's template did not render one block of its name.
    ///
    /// The leaves render one after another into one buffer, and only what each appended is
    /// scanned for its block: no markup is copied from a render of its own.
    func leafFragments(
        _ plan: BlockPlan, changes: ViewChanges, view: FormView, page: inout PageState, echo: FieldEcho?, announces: Bool = false,
        room roomSize: Int = FormRenderer.leafRoom
    ) throws(TemplateError) -> String? {
        // What the page holds of each block rendered, and where, found here once for
        // `FragmentDiff` too; and what the memos already know of its hashes, so the diff need not
        // work them out. On the stack (as an array it was an allocation a keystroke), in room
        // small enough to be taken unchecked: larger room first asks the system how much stack is
        // left, which costs more than the allocation saved. A change reaching more leaves than
        // that holds (rare: most reach most of the form, and render it whole) starts again with
        // room for all.
        var answer = try withUnsafeTemporaryAllocation(of: LeafBlock.self, capacity: min(plan.leaves.count, roomSize)) {
            room throws(TemplateError) in
            try leafFragments(plan, changes: changes, view: view, page: &page, echo: echo, announces: announces, room: room)
        }
        if case .outOfRoom = answer {
            answer = try withUnsafeTemporaryAllocation(of: LeafBlock.self, capacity: plan.leaves.count) { room throws(TemplateError) in
                try leafFragments(plan, changes: changes, view: view, page: &page, echo: echo, announces: announces, room: room)
            }
        }
        switch answer {
        case .answer(let body): return body
        case .outOfRoom: return nil
        case .presence(let leaf):
            return try sectionFragments(plan, around: leaf, changes: changes, view: view, page: &page, echo: echo, announces: announces)
        }
    }

    /// How many `LeafBlock`s fit in the stack room Swift takes without checking (1 KB); a test
    /// passes less (`room:`) to see a change reaching more leaves start again.
    static let leafRoom = 1024 / MemoryLayout<LeafBlock>.stride

    /// What `leafFragments` made in the room it was given.
    private enum LeafAnswer {
        /// The fragments, or nil for the whole-form render.
        case answer(String?)
        /// More leaves were reached than the room holds; the page is as it was.
        case outOfRoom
        /// The leaf at this index in `plan.leaves` appeared or vanished: its section's own markup
        /// changed (`sectionFragments`). The page is as the whole-form render would find it.
        case presence(Int)
    }

    /// `leafFragments`, given room for the `LeafBlock`s. The room is the caller's stack, which
    /// Swift never cleans: what is put in it is deinitialized here on every way out, since a
    /// `LeafBlock`'s known hashes hold the value filled into the field (a card number's string
    /// would otherwise never be freed).
    private func leafFragments(
        _ plan: BlockPlan, changes: ViewChanges, view: FormView, page: inout PageState, echo: FieldEcho?, announces: Bool,
        room: UnsafeMutableBufferPointer<LeafBlock>
    ) throws(TemplateError) -> LeafAnswer {
        var html: [UInt8] = []
        // Most keystrokes render a block or two under a kilobyte: a reserve malloc serves from
        // its small-chunk cache (4 KB took its slow path, ~1.7k instructions, on every keystroke).
        // 1000 is that cache's edge, not a round figure: with the array's 32-byte header it asks
        // malloc for 1032 bytes, glibc's largest tcache size; 1001 would miss it.
        html.reserveCapacity(1000)
        // A keystroke renders a leaf or two: room for a few from the start, not grown from one.
        var blocks: [BlockTree.Block] = []
        blocks.reserveCapacity(4)
        var leafCount = 0
        defer { _ = UnsafeMutableBufferPointer(rebasing: room[..<leafCount]).deinitialize() }
        let echoField = echo?.field
        let echoType = echo?.type
        var echoed = echoField == nil
        let previous = page.keptFieldLeaf.kept
        let previousHeld = page.keptFieldLeaf.held
        page.keptFieldLeaf.kept = nil
        var keeping: (kept: KeptFieldLeaf.Kept, slot: Dictionary<String, HeldBlock>.Index)?
        for (index, reach) in plan.reaches.enumerated() {
            // A leaf's field is the type its name spells (`BlockPlan`): equal types, equal names.
            let isEcho = echoType.map { reach.field == $0 } ?? echoField.map { plan.leaves[index].key == $0 } ?? false
            guard isEcho || !reach.changes.isDisjoint(with: changes) else { continue }
            let leaf = plan.leaves[index]
            echoed = echoed || isEcho
            guard page.keptFieldLeaf.holdsNoRepeatedKey || page.blocks[leaf.repeatedKey] == nil else { return .answer(nil) }
            let slot = page.slot(ofLeaf: index, in: plan)
            var reuse: KeptFieldLeaf.Kept?
            if isEcho, let previous, let slot, page.blocks.values[slot] == previousHeld {
                reuse = reusable(previous, leaf: leaf, changes: changes)
            }
            switch try render(leaf, view: view, reusing: reuse, into: &html) {
            case .unfit: return .answer(nil)
            case .nothing: guard slot == nil else { return .presence(index) }
            case .block(let range, let hashes, let kept):
                guard let slot else { return .presence(index) }
                guard leafCount < room.count else {
                    page.keptFieldLeaf.kept = previous
                    return .outOfRoom
                }
                if isEcho, let kept { keeping = (kept, slot) }
                blocks.append(BlockTree.Block(key: leaf.key, range: range, parent: nil))
                room.initializeElement(at: leafCount, to: LeafBlock(held: page.blocks.values[slot], slot: slot, known: hashes))
                leafCount += 1
            }
        }
        guard echoed else { return .answer(nil) }
        // Only these leaves were rendered: every other block keeps what the page already holds.
        let body = FragmentDiff.respond(
            to: BlockTree(bytes: html, blocks: blocks), page: &page, echo: echo, resync: false, announces: announces,
            leaves: UnsafeBufferPointer(rebasing: room[..<leafCount]))
        if let (kept, slot) = keeping {
            page.keptFieldLeaf.kept = kept
            page.keptFieldLeaf.held = page.blocks.values[slot]
        }
        return .answer(body)
    }

    /// The entry the page's last keystroke filled, when this keystroke may fill it again: the same
    /// field's leaf, reached by nothing but its value (so its state is the one that entry was
    /// looked up with), and the same resources; the caller has seen the page still hold the block
    /// as that answer left it (`KeptFieldLeaf.held`).
    private func reusable(_ kept: KeptFieldLeaf.Kept, leaf: BlockPlan.Leaf, changes: ViewChanges) -> KeptFieldLeaf.Kept? {
        guard let field = leaf.field, kept.field == field, kept.templateHash == leaf.templateHash, kept.memo === resources.blockMemo,
              leaf.changes.intersection(changes).isSubset(of: .value(field)) else { return nil }
        return kept
    }

    /// What a leaf appended to the buffer.
    enum LeafRender {
        /// One block of its name, at this range, with nothing but blanks around it; with its
        /// hashes when a memo knows them, and a field's entry as the page may keep it.
        case block(Range<Int>, KnownHashes?, KeptFieldLeaf.Kept?)
        /// Nothing but blanks.
        case nothing
        /// Anything else.
        case unfit
    }

    /// Renders the leaf alone at the end of `html`. A field's leaf comes from `BlockMemo` when its
    /// value is empty or can be filled in; a leaf that reads no field, from `LeafMemo`.
    func render(
        _ leaf: BlockPlan.Leaf, view: FormView, reusing reusable: KeptFieldLeaf.Kept? = nil, into html: inout [UInt8]
    ) throws(TemplateError) -> LeafRender {
        if leaf.isMemoizable, let field = leaf.field, case let value = view.shownValue(for: field), value.isEmpty || BlockMemo.canFill(value) {
            return try memoized(leaf, field: field, value: value, view: view, reusing: reusable, into: &html)
        }
        if leaf.isDataMemoizable { return try memoized(leaf, view: view, into: &html) }
        let start = html.count
        try resources.templates.render(leaf.template, data: view.data(only: leaf.onlyField, reading: leaf.rootKeys), into: &html)
        return checked(html, from: start, leaf)
    }

    /// An empty value is rendered as it is and kept whole (nothing to fill in: the render read
    /// nothing the key does not hold); any other with the stand-in, cut where it stands.
    private func memoized(
        _ leaf: BlockPlan.Leaf, field: FieldType, value: String, view: FormView, reusing reusable: KeptFieldLeaf.Kept?,
        into html: inout [UInt8]
    ) throws(TemplateError) -> LeafRender {
        let language = view.pack.language
        let filled = !value.isEmpty
        if let reusable, reusable.filled == filled, reusable.language == language {
            let range = reusable.entry.append(filledWith: value, to: &html)
            return .block(range, reusable.entry.known(filledWith: value, at: range), reusable)
        }
        // The state and facts are read back from the key on a miss: taken into it, not copied.
        let shown = view.session.configuration.isConfigured(field)
        let memoKey = BlockMemo.Key(site: leaf.site(language), state: view.fieldState(field), filled: filled, shown: shown)
        let entry: BlockMemo.Entry
        if let known = resources.blockMemo.entry(for: memoKey) {
            entry = known
        } else {
            // A field left out is rendered from the form's data, which lacks it, as the whole form does.
            let data = shown
                ? view.fieldBlockData(field, state: memoKey.state, value: value.isEmpty ? "" : BlockMemo.standIn)
                : view.data(only: field, reading: leaf.rootKeys)
            let standIn = try render(leaf.template, data: data)
            switch checked(standIn, from: 0, leaf) {
            case .unfit: return .unfit
            case .nothing: entry = BlockMemo.Entry(blanks: standIn)
            case .block(let range, _, _): entry = BlockMemo.Entry(cutting: standIn, block: range)
            }
            resources.blockMemo.remember(entry, for: memoKey)
        }
        // A field left out: its blanks alone, no block to fill, hash or keep (as `LeafMemo`'s nothing).
        if entry.rendersNothing {
            html.append(contentsOf: entry.pieces[0])
            return .nothing
        }
        let range = entry.append(filledWith: value, to: &html)
        let kept = KeptFieldLeaf.Kept(
            field: field, templateHash: leaf.templateHash, language: language, filled: filled, memo: resources.blockMemo, entry: entry)
        return .block(range, entry.known(filledWith: value, at: range), kept)
    }

    /// The leaf from `LeafMemo`, by its facts; rendered from them and kept on a miss.
    private func memoized(_ leaf: BlockPlan.Leaf, view: FormView, into html: inout [UInt8]) throws(TemplateError) -> LeafRender {
        let memoKey = LeafMemo.Key(site: leaf.site(view.pack.language), facts: view.leafFacts(leaf.factParts, rest: leaf.restKeys))
        // Read where the memo holds it: nothing of the entry is kept past this leaf.
        let known = resources.leafMemo.withEntry(for: memoKey) { known -> LeafRender in
            switch known {
            case .block(let entry):
                let range = entry.append(filledWith: "", to: &html)
                return .block(range, entry.known(filledWith: "", at: range), nil)
            case .nothing(let blanks):
                html.append(contentsOf: blanks)
                return .nothing
            }
        }
        if let known { return known }
        let full = memoKey.facts.data(leaf.factParts, strings: leaf.rootKeys.contains("t"), pack: view.pack, icons: resources.networkIcons)
        let rendered = try render(leaf.template, data: full)
        switch checked(rendered, from: 0, leaf) {
        case .unfit: return .unfit
        case .nothing:
            resources.leafMemo.remember(.nothing(blanks: rendered), for: memoKey)
            html.append(contentsOf: rendered)
            return .nothing
        case .block(let range, _, _):
            let entry = BlockMemo.Entry(cutting: rendered, block: range)
            resources.leafMemo.remember(.block(entry), for: memoKey)
            let appended = entry.append(filledWith: "", to: &html)
            return .block(appended, entry.known(filledWith: "", at: appended), nil)
        }
    }

    /// What the leaf's render left in `html` from `start` on.
    private func checked(_ html: [UInt8], from start: Int, _ leaf: BlockPlan.Leaf) -> LeafRender {
        let blocks = BlockTree.blocks(in: html, from: start)
        guard let block = blocks.first else { return html[start...].allSatisfy(BlockTree.isBlank) ? .nothing : .unfit }
        guard blocks.count == 1, block.key == leaf.key, BlockTree.wraps(block.range, everythingIn: html[start...]) else { return .unfit }
        return .block(block.range, nil, nil)
    }
}
