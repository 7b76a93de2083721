import CardEngine
import CardFormSupport
import Testing

@testable import CardFormApp

/// A page keeps the edited field's entry for its next keystroke (`KeptFieldLeaf`): filled again
/// when nothing but the value reaches the field's leaf, never when its state may have changed or
/// the page holds the block otherwise.
@Suite struct KeptFieldLeafTests {
    /// A card-number page after a few digits, the last answered leaf by leaf, its kept entry
    /// swapped for one that renders "tampered", and the answer to one more digit given `changes`,
    /// with and without the page's block as the last answer left it.
    static func answer(changes: ViewChanges, blockChanged: Bool = false) throws -> String {
        let resources = try FormResources.load(.init())
        var shopper = try DifferentialRenderingTests.Shopper(DifferentialRenderingTests.cardOnly, resources: resources)
        try shopper.input(.cardNumber, "", .focus)
        for digit in "4242" { try shopper.input(.cardNumber, shopper.record.session.value(for: .cardNumber) + String(digit)) }
        var page = try #require(shopper.record.page(shopper.pageID))
        // The shopper's own keystrokes were answered leaf by leaf, so the page keeps the field's
        // entry already; the test starts from none to see the next digit keep it.
        #expect(page.keptFieldLeaf.kept?.field == .cardNumber)
        page.keptFieldLeaf.kept = nil
        _ = try digit("4", changes: .value(.cardNumber), shopper: &shopper, page: &page)
        let kept = try #require(page.keptFieldLeaf.kept)
        #expect(kept.field == .cardNumber && page.keptFieldLeaf.held == page.blocks["cardNumber"])
        let markup = Array(#"<div data-cf-block="cardNumber">tampered</div>"#.utf8)
        page.keptFieldLeaf.kept = KeptFieldLeaf.Kept(
            field: kept.field, templateHash: kept.templateHash, language: kept.language, filled: kept.filled, memo: kept.memo,
            entry: BlockMemo.Entry(cutting: markup, block: 0..<markup.count))
        if blockChanged { page.blocks["cardNumber"]?.own ^= 1 }
        return try digit("2", changes: changes, shopper: &shopper, page: &page)
    }

    static func digit(
        _ digit: String, changes: ViewChanges, shopper: inout DifferentialRenderingTests.Shopper, page: inout PageState
    ) throws -> String {
        let value = shopper.record.session.value(for: .cardNumber) + digit
        let update = shopper.record.session.update(.cardNumber, value: value, caret: value.utf16.count, in: shopper.environment)
        let view = shopper.tracked.view(shopper.record, pageID: page.id, noscript: false, announcement: "")
        let echo = FieldEcho(field: "cardNumber", value: update.formatted.value, caret: update.formatted.caret, seq: 1)
        let plan = try #require(shopper.tracked.resources.blockPlan)
        return try #require(try shopper.tracked.leafFragments(plan, changes: changes, view: view, page: &page, echo: echo))
    }

    /// A change reaching more leaves than the first stack room holds starts again with room for
    /// all (`FormRenderer.leafFragments`): the same answer, the page left the same, its kept entry
    /// among it.
    @Test func aChangeReachingMoreLeavesThanTheRoomHoldsGivesTheSameAnswer() throws {
        let resources = try FormResources.load(.init())
        var shopper = try DifferentialRenderingTests.Shopper(DifferentialRenderingTests.cardOnly, resources: resources)
        try shopper.input(.cardNumber, "", .focus)
        for digit in "424242424242424" { try shopper.input(.cardNumber, shopper.record.session.value(for: .cardNumber) + String(digit)) }
        let value = shopper.record.session.value(for: .cardNumber) + "2"
        let update = shopper.record.session.update(.cardNumber, value: value, caret: value.utf16.count, in: shopper.environment)
        let start = try #require(shopper.record.page(shopper.pageID))
        let view = shopper.tracked.view(shopper.record, pageID: start.id, noscript: false, announcement: "")
        let echo = FieldEcho(field: "cardNumber", value: update.formatted.value, caret: update.formatted.caret, seq: 1)
        let plan = try #require(resources.blockPlan)
        let changes = ViewChanges(update)
        var (roomy, cramped) = (start, start)
        let answer = try #require(try shopper.tracked.leafFragments(plan, changes: changes, view: view, page: &roomy, echo: echo))
        #expect(answer.components(separatedBy: "<template").count > 2, "the valid number reaches several leaves")
        #expect(try shopper.tracked.leafFragments(plan, changes: changes, view: view, page: &cramped, echo: echo, room: 1) == answer)
        #expect(cramped == roomy)
        #expect(cramped.keptFieldLeaf.kept?.field == .cardNumber)
    }

    @Test func aKeystrokeChangingNothingButTheValueFillsTheKeptEntry() throws {
        #expect(try Self.answer(changes: .value(.cardNumber)).contains("tampered"))
    }

    @Test func aKeystrokeThatMayChangeTheFieldsVerdictLooksItsEntryUp() throws {
        #expect(try !Self.answer(changes: [.value(.cardNumber), .error(.cardNumber)]).contains("tampered"))
        #expect(try !Self.answer(changes: [.value(.cardNumber), .networks]).contains("tampered"))
    }

    @Test func aPageHoldingTheBlockOtherwiseLooksItsEntryUp() throws {
        #expect(try !Self.answer(changes: .value(.cardNumber), blockChanged: true).contains("tampered"))
    }

    @Test func aPageWithAKeptEntryEqualsItselfReadBackWithout() throws {
        var shopper = try DifferentialRenderingTests.Shopper(DifferentialRenderingTests.cardOnly, resources: try FormResources.load(.init()))
        try shopper.input(.cardNumber, "4", .focus)
        var page = try #require(shopper.record.page(shopper.pageID))
        _ = try Self.digit("2", changes: .value(.cardNumber), shopper: &shopper, page: &page)
        #expect(page.keptFieldLeaf.kept != nil)
        var readBack = page
        readBack.keptFieldLeaf = KeptFieldLeaf()
        #expect(page == readBack && page.hashValue == readBack.hashValue)
    }

    @Test func aWholeFormNamingABlockTwiceIsNotTakenToHoldNoRepeatedKey() {
        #expect(!KeptFieldLeaf.holdsNoRepeatedKey(BlockTree(html: #"<p data-cf-block="a"></p><p data-cf-block="a"></p>"#)))
        #expect(KeptFieldLeaf.holdsNoRepeatedKey(BlockTree(html: #"<p data-cf-block="a"></p><p data-cf-block="b"></p>"#)))
    }

    /// A whole-form answer sets the page's flag from what it sent: off when a name repeats, so the
    /// next leaf looks its repeated key up; on, from off, when none does.
    @Test func aWholeFormAnswerSetsWhetherThePageHoldsARepeatedKey() {
        var page = PageState(id: "p")
        page.keptFieldLeaf.holdsNoRepeatedKey = true
        _ = FragmentDiff.respond(
            to: BlockTree(html: #"<form data-cf-block="form"><p data-cf-block="a"></p><p data-cf-block="a"></p></form>"#),
            page: &page, echo: nil, resync: true)
        #expect(!page.keptFieldLeaf.holdsNoRepeatedKey)
        _ = FragmentDiff.respond(
            to: BlockTree(html: #"<form data-cf-block="form"><p data-cf-block="a"></p><p data-cf-block="b"></p></form>"#),
            page: &page, echo: nil, resync: true)
        #expect(page.keptFieldLeaf.holdsNoRepeatedKey)
    }

    /// A page loaded whole is known to hold no repeated key; one not known so (read back from a
    /// store) that holds the edited field's block twice gets the whole form, not its leaf.
    @Test func aPageNotKnownToHoldNoRepeatedKeyLooksTheLeafsRepeatedKeyUp() throws {
        var shopper = try DifferentialRenderingTests.Shopper(DifferentialRenderingTests.cardOnly, resources: try FormResources.load(.init()))
        try shopper.input(.cardNumber, "4", .focus)
        var page = try #require(shopper.record.page(shopper.pageID))
        #expect(page.keptFieldLeaf.holdsNoRepeatedKey)
        page.keptFieldLeaf = KeptFieldLeaf()
        page.blocks["cardNumber#2"] = HeldBlock(own: 1)
        let view = shopper.tracked.view(shopper.record, pageID: page.id, noscript: false, announcement: "")
        let echo = FieldEcho(field: "cardNumber", value: "4", caret: 1, seq: 1)
        let plan = try #require(shopper.tracked.resources.blockPlan)
        #expect(try shopper.tracked.leafFragments(plan, changes: .value(.cardNumber), view: view, page: &page, echo: echo) == nil)
    }
}
