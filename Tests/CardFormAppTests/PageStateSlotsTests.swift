import CardEngine
import Mustache
import Testing
@testable import CardFormApp

/// `PageState`'s leaf slots (`LeafSlots`): a slot handed out is where `blocks` holds the leaf's
/// block now, after every way the blocks can change. A stale "not held" would go unseen by the
/// tests that compare answers (the leaf would take the section path and still answer the right
/// bytes), so each way is checked here against a fresh lookup by key.
@Suite struct PageStateSlotsTests {
    /// A page holding a block for every leaf of `plan` but `left`, each with its own hash, and
    /// one block that is no leaf's.
    static func page(_ plan: BlockPlan, without left: Set<String> = []) -> PageState {
        var page = PageState(id: "p")
        for (index, leaf) in plan.leaves.enumerated() where !left.contains(leaf.key) {
            page.blocks[leaf.key] = HeldBlock(own: UInt64(index + 1))
        }
        page.blocks["form"] = HeldBlock(own: 999)
        return page
    }

    /// Whether every leaf's slot, looked up through the page (kept or found again), is where its
    /// key finds its block now: nil where the page holds none.
    static func slotsHold(_ page: inout PageState, _ plan: BlockPlan) -> Bool {
        var hold = true
        for index in plan.leaves.indices {
            let slot = page.slot(ofLeaf: index, in: plan)
            hold = hold && slot == page.blocks.index(forKey: plan.leaves[index].key)
        }
        return hold
    }

    /// How many leaves' slots the page knows for `plan` without a lookup.
    static func known(_ page: PageState, _ plan: BlockPlan) -> Int {
        plan.leaves.indices.filter { page.leafSlots.slot(ofLeaf: $0, in: plan) != nil }.count
    }

    /// A leaf found not held, then given its block (a section answer adds the co-badge choice):
    /// the cached "not held" is forgotten, and the slot found is the new block's.
    @Test func aLeafFoundNotHeldIsFoundOnceItsBlockIsAdded() throws {
        let plan = try #require(LeafRenderingTests.defaults.blockPlan)
        let leaf = try #require(plan.leaves.firstIndex { $0.key == "cardNetwork" })
        var page = Self.page(plan, without: ["cardNetwork"])
        let missing = page.slot(ofLeaf: leaf, in: plan)
        #expect(missing == nil)
        #expect(page.leafSlots.slot(ofLeaf: leaf, in: plan) == .some(.none))
        page.blocks["cardNetwork"] = HeldBlock(own: 77)
        let found = page.slot(ofLeaf: leaf, in: plan)
        let slot = try #require(found)
        #expect(slot == page.blocks.index(forKey: "cardNetwork"))
        #expect(page.blocks[slot].value == HeldBlock(own: 77))
        let afterAdding = Self.slotsHold(&page, plan)
        #expect(afterAdding)
    }

    /// A block set in its slot (a keystroke's leaf) keeps every leaf's slot known, on the page and
    /// on a copy that shared its blocks (the copy made on the first change keeps the indices).
    @Test func aBlockSetInItsSlotKeepsEverySlot() throws {
        let plan = try #require(LeafRenderingTests.defaults.blockPlan)
        let leaf = try #require(plan.leaves.firstIndex { $0.key == "cardNumber" })
        var page = Self.page(plan, without: ["cardNetwork"])
        let looked = Self.slotsHold(&page, plan)
        try #require(looked)
        let found = page.slot(ofLeaf: leaf, in: plan)
        let slot = try #require(found)
        var copy = page
        copy.setHeld(HeldBlock(own: 5, valueFree: 6), at: slot)
        page.setHeld(HeldBlock(own: 8), at: slot)
        for (held, own) in [(copy, UInt64(5)), (page, 8)] {
            var held = held
            #expect(Self.known(held, plan) == plan.leaves.count)
            #expect(held.blocks["cardNumber"]?.own == own)
            let kept = Self.slotsHold(&held, plan)
            #expect(kept)
        }
    }

    /// A block removed, or all of them, then blocks added again in another order (the keys land
    /// in other places): no slot is known until looked up again, and each found is right.
    @Test(arguments: [false, true])
    func removingBlocksForgetsEverySlot(all: Bool) throws {
        let plan = try #require(LeafRenderingTests.defaults.blockPlan)
        var page = Self.page(plan)
        let looked = Self.slotsHold(&page, plan)
        try #require(looked)
        if all { page.blocks.removeAll(keepingCapacity: true) } else { page.blocks.removeValue(forKey: "cardNumber") }
        // Required: a stale slot compared below would trap rather than fail.
        try #require(Self.known(page, plan) == 0)
        for (index, leaf) in plan.leaves.enumerated().reversed() where page.blocks[leaf.key] == nil {
            page.blocks[leaf.key] = HeldBlock(own: UInt64(100 + index))
        }
        let afterRemoving = Self.slotsHold(&page, plan)
        #expect(afterRemoving)
        for index in plan.leaves.indices {
            let found = page.slot(ofLeaf: index, in: plan)
            let slot = try #require(found)
            #expect(page.blocks[slot].key == plan.leaves[index].key)
        }
    }

    /// Another template set (a `--dev` reload) numbers the leaves otherwise: the page's slots are
    /// for one plan only, and each plan's are looked up again after the other's.
    @Test func anotherPlansLeavesAreLookedUpAgain() throws {
        let plan = try #require(LeafRenderingTests.defaults.blockPlan)
        var sources = LeafRenderingTests.defaults.templates.templates.mapValues(\.source)
        let section = try #require(sources["sections/card-details"])
        sources["sections/card-details"] = section.replacingOccurrences(
            of: "{{> blocks/expiry-date}}\n{{> blocks/cvv}}", with: "{{> blocks/cvv}}\n{{> blocks/expiry-date}}")
        let other = try #require(BlockPlan(library: try TemplateLibrary(templates: sources), dependencies: .standard))
        try #require(Set(other.leaves.map(\.key)) == Set(plan.leaves.map(\.key)))
        try #require(other.leaves.map(\.key) != plan.leaves.map(\.key))
        var page = Self.page(plan, without: ["cardNetwork"])
        let looked = Self.slotsHold(&page, plan)
        try #require(looked)
        #expect(Self.known(page, other) == 0)
        let forOther = Self.slotsHold(&page, other)
        #expect(forOther)
        #expect(Self.known(page, plan) == 0)
        let forFirst = Self.slotsHold(&page, plan)
        #expect(forFirst)
    }

    /// A page sealed and read back (another instance, a restart) equals the page written, knows
    /// no slot, and finds each where its own blocks hold it.
    @Test func aPageReadBackFromAStoreLooksItsSlotsUpAfresh() throws {
        let plan = try #require(LeafRenderingTests.defaults.blockPlan)
        var shopper = try DifferentialRenderingTests.Shopper(DifferentialRenderingTests.cardOnly)
        try shopper.type(.cardNumber, "4242")
        let page = try #require(shopper.record.page(shopper.pageID))
        try #require(Self.known(page, plan) > 0)
        let (sealed, configuration) = try StoreSealedRecordTests.sealed(shopper.record)
        let opened = try SealedRecordFormat(box: StoreSealedRecordTests.box).open(sealed, configuration: configuration, id: shopper.record.id)
        var read = try #require(opened.record.page(shopper.pageID))
        #expect(read == page)
        #expect(Self.known(read, plan) == 0)
        let readBack = Self.slotsHold(&read, plan)
        #expect(readBack)
    }
}
