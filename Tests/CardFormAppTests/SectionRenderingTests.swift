import CardEngine
import Foundation
import Mustache
import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// `BlockPlan.Section` and `FormRenderer.sectionFragments`: a leaf that appears or vanishes renders
/// the section around it, not the whole form, and answers exactly what the whole form would.
@Suite struct SectionRenderingTests {
    @Test func withTheShippedTemplatesTheCardDetailsSectionHoldsTheCoBadgeChoice() throws {
        let plan = try #require(LeafRenderingTests.defaults.blockPlan)
        let network = try #require(plan.leaves.firstIndex { $0.key == "cardNetwork" })
        let section = try #require(plan.enclosing[network].map { plan.sections[$0] })
        #expect(section.key == "cardDetails" && section.template == "sections/card-details")
        #expect(Set(section.names) == ["cardDetails", "cardNumber", "cardNetwork", "expiryDate", "cvv", "cardholderName", "saveCard"])
        #expect(section.leaves.map { plan.leaves[$0].key }.contains("cardNetwork"))
        // The live region stands in the form itself, in no section.
        let errors = try #require(plan.leaves.firstIndex { $0.key == "errors" })
        #expect(plan.enclosing[errors] == nil)
    }

    @Test(arguments: [
        // The section's own block written with data: the blocks it may hold are not known.
        ("sections/card-details", #"<fieldset data-cf-block="{{name}}">{{> blocks/card-number}}{{> blocks/card-network}}</fieldset>"#),
        // A leaf included twice: its name would repeat.
        ("sections/card-details", #"<fieldset data-cf-block="cardDetails">{{> blocks/card-network}}{{> blocks/card-network}}</fieldset>"#),
        // A block of its own around the choice: not a leaf, so its presence is not tracked.
        ("sections/card-details", #"<fieldset data-cf-block="cardDetails"><div data-cf-block="x">{{> blocks/card-network}}</div></fieldset>"#),
        // Indented: its lines would be indented inside the form, not alone.
        ("layouts/form", "<form data-cf-block=\"form\">\n{{$cardDetails}}\n  {{> sections/card-details}}\n{{/cardDetails}}\n</form>"),
    ])
    func aSectionThatMayNotRenderAloneEnclosesNothing(name: String, source: String) throws {
        var sources = LeafRenderingTests.defaults.templates.templates.mapValues(\.source)
        sources[name] = source
        let plan = try #require(BlockPlan(library: try TemplateLibrary(templates: sources), dependencies: .standard))
        let network = plan.leaves.firstIndex { $0.key == "cardNetwork" }
        #expect(network.flatMap { plan.enclosing[$0] } == nil)
        #expect(!plan.sections.contains { $0.key == "cardDetails" })
    }

    /// The co-badge choice appears once a co-badged card's number shows its range and vanishes when
    /// the digit is taken back: each time the tracked path answers (no whole-form render), with
    /// `cardDetails` whole, and exactly as the whole form would, the page left the same.
    @Test func theCoBadgeChoiceAppearingOrVanishingRendersItsSectionAlone() throws {
        var shopper = try DifferentialRenderingTests.Shopper(DifferentialRenderingTests.cardOnly)
        #expect(try Self.coBadgeTurns(&shopper) == [true, false])
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    /// Types a co-badged card's number until the choice appears, then takes the last digit back,
    /// each keystroke through `checkedKeystroke`: whether the choice appeared or vanished, in turn.
    static func coBadgeTurns(_ shopper: inout DifferentialRenderingTests.Shopper) throws -> [Bool] {
        try shopper.input(.cardNumber, "", .focus)
        var typed = ""
        var turns: [Bool] = []
        for digit in "4000002500" {
            typed.append(digit)
            if let turn = try checkedKeystroke(&shopper, typed) { turns.append(turn) }
            if turns == [true] { break }
        }
        if let turn = try checkedKeystroke(&shopper, String(typed.dropLast())) { turns.append(turn) }
        return turns
    }

    /// A keystroke answered by the tracked path alone, checked against the whole form's answer,
    /// then sent through the record; whether the choice appeared (true) or vanished (false), if so.
    static func checkedKeystroke(_ shopper: inout DifferentialRenderingTests.Shopper, _ value: String) throws -> Bool? {
        let plan = try #require(shopper.tracked.resources.blockPlan)
        var record = shopper.record
        let held = try #require(record.page(shopper.pageID)).blocks["cardNetwork"] != nil
        let before = record.session.verdicts
        let update = record.session.update(.cardNumber, value: value, caret: value.utf16.count, in: shopper.environment)
        let changes = ViewChanges(update.changes, edited: .cardNumber, before: before, after: record.session.verdicts)
        let echo = FieldEcho(field: "cardNumber", value: update.formatted.value, caret: update.formatted.caret, seq: 1)
        var page = try #require(record.page(shopper.pageID))
        var reference = page
        let view = shopper.tracked.view(record, pageID: page.id, noscript: false, announcement: "")
        let answer = try #require(try shopper.tracked.leafFragments(plan, changes: changes, view: view, page: &page, echo: echo))
        let expected = try shopper.whole.fragments(&record, page: &reference, resync: false, echo: echo, changes: changes)
        #expect(answer == expected && page == reference)
        try shopper.input(.cardNumber, value)
        let holds = page.blocks["cardNetwork"] != nil
        guard holds != held else { return nil }
        // `cardDetails` goes whole (its own markup changed), none of its blocks on its own.
        let sent = answer.split(separator: "<template data-cf-block=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(sent.filter { $0 == "cardDetails" }.count == 1)
        #expect(sent.allSatisfy { !["cardNumber", "cardNetwork", "expiryDate", "cvv", "cardholderName", "saveCard"].contains($0) })
        #expect(answer.contains(#"data-cf-block="cardNetwork""#) == holds)
        return holds
    }
}

/// A merchant whose card fields leave out the cardholder's name: that leaf renders nothing, which
/// `BlockMemo` keeps too, so the co-badge choice still renders its section alone (Review-T's L1).
@Suite struct SectionWithoutNameTests {
    static let withoutName = #"{"amount": 2499, "currency": "EUR", "cardFields": ["cardNumber", "expiryDate", "cvv"]}"#

    /// The section path answers each time the choice appears or vanishes, exactly as the whole
    /// form would, and every keystroke of a whole card typed after it answers as the whole form.
    @Test func theCoBadgeChoiceRendersItsSectionAloneWithoutTheName() throws {
        var shopper = try DifferentialRenderingTests.Shopper(Self.withoutName)
        #expect(try SectionRenderingTests.coBadgeTurns(&shopper) == [true, false])
        for value in ["40000025", "400000250", "4000002500001001"] { try shopper.input(.cardNumber, value) }
        for value in ["1", "12", "12/3", "12/30"] { try shopper.input(.expiryDate, value) }
        for value in ["7", "73", "737"] { try shopper.input(.cvv, value) }
        #expect(shopper.events > 10)
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }
}
