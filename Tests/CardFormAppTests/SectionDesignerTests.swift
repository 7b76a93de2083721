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
        let folder = try ServerDevTests.overlay(Dictionary(uniqueKeysWithValues: files.map { ($0.key + ".mustache", $0.value) }))
        var shopper = try DifferentialRenderingTests.Shopper(configuration, resources: try FormResources.load(.init(templatesOverlay: folder)))
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

    /// The choice's template with a blank line after it: hidden, it renders "\n", which the
    /// section's markup holds in the whole form. Failed when `LeafMemo` kept no blanks.
    @Test func aHiddenLeafsBlanksStayInTheSection() throws {
        let source = try #require(Self.shipped["blocks/card-network"]) + "\n"
        #expect(Self.enclosesTheChoice(try Self.plan(["blocks/card-network": source])))
        let shopper = try Self.coBadgeInAndOut(["blocks/card-network": source])
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
    }
}
