import CardEngine
import Foundation
import Mustache
import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// A designer's templates around the section render (`BlockPlan.Section`): whatever they write,
/// every answer and the page state equal the whole form's, on the section path or by falling back.
@Suite struct SectionDesignerTests {
    static let shipped = LeafRenderingTests.defaults.templates.templates.mapValues(\.source)

    /// A shopper on `files` over the shipped templates, who types a co-badged number until the
    /// choice appears and takes the last digit back, twice (the second time from the memos).
    static func coBadgeInAndOut(
        _ files: [String: String], configuration: String = DifferentialRenderingTests.cardOnly
    ) throws -> DifferentialRenderingTests.Shopper {
        let folder = try ServerDevTests.overlay(Dictionary(uniqueKeysWithValues: files.map { ($0 + ".mustache", $1) }))
        let resources = try FormResources.load(.init(templatesOverlay: folder))
        var shopper = try DifferentialRenderingTests.Shopper(configuration, resources: resources)
        try shopper.input(.cardNumber, "", .focus)
        for _ in 0..<2 {
            var typed = ""
            var shown = false
            for digit in "4000002500" where !shown {
                typed.append(digit)
                try shopper.input(.cardNumber, typed)
                shown = shopper.record.page(shopper.pageID)?.blocks["cardNetwork"] != nil
            }
            #expect(shown)
            try shopper.input(.cardNumber, String(typed.dropLast()))
            #expect(shopper.record.page(shopper.pageID)?.blocks["cardNetwork"] == nil)
            try shopper.input(.cardNumber, "")
        }
        return shopper
    }

    /// The plan of the shipped templates with `files` in their place.
    static func plan(_ files: [String: String]) throws -> BlockPlan {
        try #require(BlockPlan(library: try TemplateLibrary(templates: shipped.merging(files) { $1 }), dependencies: .standard))
    }

    static func enclosesTheChoice(_ plan: BlockPlan) -> Bool {
        plan.leaves.firstIndex { $0.key == "cardNetwork" }.flatMap { plan.enclosing[$0] } != nil
    }

    /// The choice moved above the fieldset: when it vanishes, the form's own markup changes, which
    /// `cardDetails` alone cannot show. Failed when the plan took it as the section's.
    @Test func aLeafBesideTheSectionsElementFallsBack() throws {
        let source = try #require(Self.shipped["sections/card-details"])
            .replacing("{{> blocks/card-network}}\n", with: "")
            .replacing("<fieldset ", with: "{{> blocks/card-network}}\n<fieldset ")
        #expect(!Self.enclosesTheChoice(try Self.plan(["sections/card-details": source])))
        let shopper = try Self.coBadgeInAndOut(["sections/card-details": source])
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    /// Markup whose shape a condition decides (an end tag only some renders have): the one text
    /// standing for every render would not, so no section.
    @Test func aSectionWhoseTagsDependOnDataIsNone() throws {
        let source = #"<fieldset data-cf-block="cardDetails">{{#billing}}<fieldset>{{/billing}}</fieldset>"#
            + "{{> blocks/card-number}}{{> blocks/card-network}}{{> blocks/expiry-date}}{{> blocks/cvv}}"
            + "{{> blocks/cardholder-name}}{{> blocks/save-card}}</fieldset>\n"
        #expect(!Self.enclosesTheChoice(try Self.plan(["sections/card-details": source])))
    }

    /// The choice's template with a blank line after it: hidden, it renders "\n", which the
    /// section's markup holds in the whole form. Failed when `LeafMemo` kept no blanks.
    @Test func aHiddenLeafsBlanksStayInTheSection() throws {
        let source = try #require(Self.shipped["blocks/card-network"]) + "\n"
        #expect(Self.enclosesTheChoice(try Self.plan(["blocks/card-network": source])))
        let shopper = try Self.coBadgeInAndOut(["blocks/card-network": source])
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    /// A `saveCard` block the submit section writes too, while the save-card leaf is hidden (no
    /// customer): the section's render lacks the name, but the page's block stands outside it.
    /// Failed when the section dropped it from the page.
    @Test func aLeafsNameWrittenOutsideTheSectionIsNoSections() throws {
        let files = ["sections/submit-button": "{{> blocks/submit-button}}\n<p data-cf-block=\"saveCard\">Saved cards</p>\n"]
        #expect(!Self.enclosesTheChoice(try Self.plan(files)))
        let shopper = try Self.coBadgeInAndOut(files, configuration: #"{"amount": 2499, "currency": "EUR", "surcharges": {"VISA": 109}}"#)
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    /// A block name built with data anywhere: any name may stand anywhere, so no section.
    @Test func aBlockNameBuiltWithDataAnywhereIsNoSections() throws {
        let files = ["sections/submit-button": "{{> blocks/submit-button}}\n<p data-cf-block=\"{{t.ui.offline}}\"></p>\n"]
        #expect(!Self.enclosesTheChoice(try Self.plan(files)))
    }

    /// The expiry field inside a condition the render finds false (the strings are always there,
    /// so `^t` never renders; an inverted section keeps the leaf's context as it is alone, so the
    /// plan keeps the section): the render cuts fewer leaves than the section lists, and the path
    /// falls back (`cuts == leafTemplates`). Without that check, the CVV's field would go where
    /// the name's goes, and so on.
    @Test func aLeafTheSectionLeavesOutFallsBack() throws {
        let source = try #require(Self.shipped["sections/card-details"])
            .replacing("{{> blocks/expiry-date}}\n", with: "{{^t}}\n{{> blocks/expiry-date}}\n{{/t}}\n")
        #expect(Self.enclosesTheChoice(try Self.plan(["sections/card-details": source])))
        let shopper = try Self.coBadgeInAndOut(["sections/card-details": source])
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }

    /// A designer's layout indenting the card section's line: by itself an indented partial tag,
    /// and when the form fills the slot, the slot's own indentation (its first line's), which
    /// the overriding content takes. The form indents every line of the section, the fields'
    /// included, which render unindented alone: neither they nor the section may render alone.
    /// Failed when only each tag's own indentation was looked at (the fields' tags have none).
    @Test(arguments: [nil, "{{<layouts/form}}\n{{$cardDetails}}\n{{> sections/card-details}}\n{{/cardDetails}}\n{{/layouts/form}}\n"])
    func aSectionIndentedByItsLayoutRendersWithTheForm(form: String?) throws {
        let layout = try #require(Self.shipped["layouts/form"])
        var files = ["layouts/form": layout.replacing("{{> sections/card-details}}\n", with: "  {{> sections/card-details}}\n")]
        if let form { files["form"] = form }
        let plan = try Self.plan(files)
        #expect(!plan.leaves.contains { $0.key == "cardNumber" } && !Self.enclosesTheChoice(plan))
        let shopper = try Self.coBadgeInAndOut(files)
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }
}
