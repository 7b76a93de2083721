import CardEngine
import Testing

@testable import CardFormApp

/// A keystroke passes by the `LeafMemo` leaves whose last render changed nothing the page holds,
/// while their facts and the page's block stay as they were (`SettledLeaves`), and answers as if
/// it had rendered them.
@Suite struct SettledLeavesTests {
    /// A card-number page after a whole number, each digit answered leaf by leaf: the last turns
    /// the field valid, which reaches the live region and changes nothing it says.
    static func typed() throws -> (shopper: DifferentialRenderingTests.Shopper, page: PageState) {
        let resources = try FormResources.load(.init())
        var shopper = try DifferentialRenderingTests.Shopper(DifferentialRenderingTests.cardOnly, resources: resources)
        try shopper.input(.cardNumber, "", .focus)
        for digit in "4242424242424242" { try shopper.input(.cardNumber, shopper.record.session.value(for: .cardNumber) + String(digit)) }
        #expect(shopper.mismatches.isEmpty)
        return (shopper, try #require(shopper.record.page(shopper.pageID)))
    }

    /// The keys of the leaves `page` would pass by now.
    static func settledKeys(_ shopper: DifferentialRenderingTests.Shopper, page: PageState) throws -> [String] {
        let plan = try #require(shopper.tracked.resources.blockPlan)
        let view = shopper.tracked.view(shopper.record, pageID: page.id, noscript: false, announcement: "")
        return plan.leaves.indices.compactMap { index in
            let leaf = plan.leaves[index]
            guard leaf.isDataMemoizable, let held = page.blocks[leaf.key] else { return nil }
            let facts = view.leafFacts(leaf.factParts, rest: leaf.restKeys)
            let passes = page.keptFieldLeaf.settled.passes(
                index, facts: facts, language: view.pack.language, memo: shopper.tracked.resources.leafMemo, held: held)
            return passes ? leaf.key : nil
        }
    }

    /// The answer to one more digit, taken to change the field's verdict.
    static func digit(_ shopper: DifferentialRenderingTests.Shopper, page: inout PageState) throws -> String {
        var record = shopper.record
        let value = record.session.value(for: .cardNumber) + "4"
        let update = record.session.update(.cardNumber, value: value, caret: value.utf16.count, in: shopper.environment)
        let view = shopper.tracked.view(record, pageID: page.id, noscript: false, announcement: "")
        let echo = FieldEcho(field: "cardNumber", value: update.formatted.value, caret: update.formatted.caret, seq: 1)
        let plan = try #require(shopper.tracked.resources.blockPlan)
        let changes: ViewChanges = [.value(.cardNumber), .error(.cardNumber)]
        return try #require(try shopper.tracked.leafFragments(plan, changes: changes, view: view, page: &page, echo: echo))
    }

    @Test func aKeystrokeLeavingALeafsFactsAnswersAsIfItRenderedIt() throws {
        let (shopper, page) = try Self.typed()
        let keys = try Self.settledKeys(shopper, page: page)
        #expect(keys.contains("errors"), "\(keys)")
        var settled = page
        var rendered = page
        rendered.keptFieldLeaf.settled = SettledLeaves()
        #expect(try Self.digit(shopper, page: &settled) == Self.digit(shopper, page: &rendered))
        #expect(settled == rendered)
    }

    @Test func aPageHoldingASettledLeafOtherwiseIsSentIt() throws {
        let (shopper, typed) = try Self.typed()
        var page = typed
        let key = try #require(try Self.settledKeys(shopper, page: page).first)
        page.blocks[key]?.own ^= 1
        #expect(try Self.settledKeys(shopper, page: page).contains(key) == false)
        #expect(try Self.digit(shopper, page: &page).contains(#"data-cf-block="\#(key)""#))
    }
}
