import CardEngine
import Foundation
import Mustache
import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// `BlockPlan` and `ViewDependencies`: which blocks a change re-renders, decided from the templates.
@Suite struct LeafRenderingTests {
    static let defaults = try! FormResources.load(.init())

    @Test func withTheShippedTemplatesEveryBlockButTheSectionsIsALeaf() throws {
        let plan = try #require(Self.defaults.blockPlan)
        let keys = Set(plan.leaves.map(\.key))
        #expect(keys == Set(FieldType.allCases.map(\.rawValue)).union(["errors", "formState", "cardNetwork", "submitButton", "saveCard"]))
        // The form around the leaves depends on the phase alone: typing never renders it whole.
        #expect(plan.restChanges == .phase)
        let cardNumber = try #require(plan.leaves.first { $0.key == "cardNumber" })
        #expect(cardNumber.isMemoizable && cardNumber.rootKeys == ["fields", "t"])
        #expect(cardNumber.changes.contains(.value(.cardNumber)) && cardNumber.changes.contains(.networks))
        #expect(!cardNumber.changes.contains(.value(.expiryDate)) && !cardNumber.changes.contains(.validity))
        let postalCode = try #require(plan.leaves.first { $0.key == "postalCode" })
        #expect(postalCode.changes.contains(.value(.countryCode)))
        // A keystroke passes leaves by their `Reach`: it must say what the leaf at its index says.
        #expect(plan.reaches.count == plan.leaves.count)
        for (reach, leaf) in zip(plan.reaches, plan.leaves) { #expect(reach.field == leaf.field && reach.changes == leaf.changes) }
    }

    @Test(arguments: [
        // A field's data read outside its block: the rest depends on that field's value.
        ("sections/submit-button", "<p>{{fields.cardNumber.value}}</p>{{> blocks/submit-button}}", ViewChanges.value(.cardNumber), "cardNumber"),
        // A whole object read: everything under it.
        ("sections/submit-button", "{{#fields}}{{cardNumber.value}}{{/fields}}{{> blocks/submit-button}}", .value(.cardNumber), "cardNumber"),
        // A dynamic partial may include any template: every field's block is read in the rest.
        ("sections/submit-button", "{{>*which}}{{> blocks/submit-button}}", .value(.cvv), "cardNumber"),
        // An indented block tag would indent the block's lines: not the bytes it renders alone.
        ("sections/submit-button", "<div>\n  {{> blocks/submit-button}}\n</div>", .validity, "submitButton"),
        // A block used twice gets `#2`: both join the rest.
        ("sections/submit-button", "{{> blocks/submit-button}}{{> blocks/submit-button}}", .validity, "submitButton"),
    ] as [(String, String, ViewChanges, String)])
    func whatTheRestReadsRendersTheWholeForm(name: String, source: String, changes: ViewChanges, notLeaf: String) throws {
        var sources = Self.defaults.templates.templates.mapValues(\.source)
        sources[name] = source
        // No plan at all (a dynamic partial may name any template, `page` too) renders the whole form always.
        guard let plan = BlockPlan(library: try TemplateLibrary(templates: sources), dependencies: .standard) else { return }
        #expect(!plan.restChanges.isDisjoint(with: changes))
        if notLeaf != "cardNumber" { #expect(!plan.leaves.contains { $0.key == notLeaf }) }
    }

    @Test func aBlockInsideASectionWhoseContextMayHoldItsNamesIsNotALeaf() throws {
        var sources = Self.defaults.templates.templates.mapValues(\.source)
        // Inside `{{#submit}}`, `{{label}}` in the block may be the pay button's label.
        sources["sections/submit-button"] = "{{#submit}}{{> blocks/submit-button}}{{/submit}}"
        sources["blocks/submit-button"] = #"<div data-cf-block="submitButton">{{#fields.cardNumber}}{{label}}{{/fields.cardNumber}}</div>"#
        let plan = try #require(BlockPlan(library: try TemplateLibrary(templates: sources), dependencies: .standard))
        #expect(!plan.leaves.contains { $0.key == "submitButton" })
        #expect(plan.leaves.contains { $0.key == "firstName" }, "inside {{#billing}}, which holds only its legend")
    }

    /// Every key of the view's data, across many sessions' states, has a row in the change map:
    /// a key added to `FormView` without saying what changes it fails here.
    @Test func theChangeMapAnswersForEveryKeyOfTheData() throws {
        var paths: Set<[String]> = []
        for configuration in [DifferentialRenderingTests.cardOnly, DifferentialRenderingTests.billing, DifferentialRenderingTests.french] {
            var shopper = try DifferentialRenderingTests.Shopper(configuration)
            var states: [SessionRecord] = []
            try shopper.type(.cardNumber, "4000002500001001")
            states.append(shopper.record)
            try shopper.clear(.cardNumber)
            try shopper.type(.cardNumber, "4242424242424242")
            states.append(shopper.record)
            try shopper.type(.expiryDate, "01")
            try shopper.submit()
            states.append(shopper.record)
            for record in states {
                let view = FormView(
                    session: record.session, token: "t", resources: Self.defaults,
                    context: PageContext(pageID: shopper.pageID, themeURL: "/t.css", noscript: true, announcement: "a", dev: true))
                Self.keyPaths(view.data(), [], into: &paths)
            }
        }
        #expect(paths.contains(["cardNetwork", "options", "label"]) && paths.contains(["saveCard", "id"]))
        #expect(paths.contains(["submit", "surchargeNote"]) && paths.contains(["fields", "expiryDate", "error"]))
        let missing = paths.filter { !ViewDependencies.standard.covers($0) }.map { $0.joined(separator: ".") }.sorted()
        #expect(missing.isEmpty, "no row in ViewDependencies.standard for \(missing)")
        // …and the check bites: a key the table does not know is reported.
        #expect(!ViewDependencies.standard.covers(["fields", "cardNumber", "announce"]))
    }

    /// Every key path in `value` (lists are transparent, as for read paths).
    static func keyPaths(_ value: TemplateValue, _ path: [String], into paths: inout Set<[String]>) {
        switch value {
        case .object(let object):
            for (key, child) in object {
                paths.insert(path + [key])
                keyPaths(child, path + [key], into: &paths)
            }
        case .list(let list):
            for child in list { keyPaths(child, path, into: &paths) }
        default:
            break
        }
    }

    @Test("a digit re-renders the card number's block alone, from the memo after the first")
    func aDigitRendersOneLeafFromTheMemo() throws {
        let resources = try FormResources.load(.init())
        var shopper = try DifferentialRenderingTests.Shopper(DifferentialRenderingTests.cardOnly, resources: resources)
        try shopper.input(.cardNumber, "", .focus)
        for digit in "42424242" { try shopper.input(.cardNumber, shopper.record.session.value(for: .cardNumber) + String(digit)) }
        let plan = try #require(resources.blockPlan)
        var memoized = resources.blockMemo.count
        for (index, digit) in "4242".enumerated() {
            if index == 1 { memoized = resources.blockMemo.count }
            let value = shopper.record.session.value(for: .cardNumber) + String(digit)
            let update = shopper.record.session.update(.cardNumber, value: value, caret: value.utf16.count, in: shopper.environment)
            var page = try #require(shopper.record.page(shopper.pageID))
            let view = shopper.tracked.view(shopper.record, pageID: page.id, noscript: false, announcement: "")
            let echo = FieldEcho(field: "cardNumber", value: update.formatted.value, caret: update.formatted.caret, seq: 1)
            let answer = try #require(try shopper.tracked.leafFragments(plan, changes: .value(.cardNumber), view: view, page: &page, echo: echo))
            #expect(answer.hasPrefix(#"<template data-cf-block="cardNumber""#) && answer.components(separatedBy: "<template").count == 2)
            // Nothing but the value changed: the block goes empty, with the value and caret to set.
            #expect(update.formatted.caret == update.formatted.value.utf16.count)
            #expect(answer.hasSuffix(#"data-cf-value="\#(update.formatted.value)" data-cf-seq="1"></template>\#n"#))
        }
        #expect(resources.blockMemo.count == memoized)
    }
}
