import CardEngine
import Foundation
import Mustache
import Testing
@testable import CardFormApp

@Suite struct LeafMemoTests {
    /// The shipped blocks `LeafMemo` holds: those that read no field and not the session.
    @Test func onlyTheBlocksThatReadNeitherFieldsNorTheSessionAreKeptByTheirFacts() throws {
        let plan = try #require(LeafRenderingTests.defaults.blockPlan)
        let kept = Set(plan.leaves.filter(\.isDataMemoizable).map(\.key))
        #expect(kept == ["formState", "errors", "submitButton", "cardNetwork", "saveCard"])
        for leaf in plan.leaves where leaf.isDataMemoizable {
            #expect(leaf.rootKeys.isDisjoint(with: ["fields", "session"]) && leaf.field == nil && !leaf.dataKeys.contains("t"))
            // Every key the shipped leaves read has facts of its own: their keys hold no data.
            #expect(leaf.restKeys.isEmpty)
        }
    }

    /// Two sessions sharing the memos, with different amounts and surcharges: each answer is what
    /// its own whole form gives (the differential check), and each pay button says its own amount.
    @Test func sessionsSharingTheMemoEachGetTheirOwnBlocks() throws {
        let resources = try FormResources.load(.init())
        let configurations = [
            #"{"amount": 2499, "currency": "EUR", "surcharges": {"VISA": 109}}"#,
            #"{"amount": 1000, "currency": "EUR", "surcharges": {"VISA": 250}}"#,
        ]
        var shoppers = try configurations.map { try DifferentialRenderingTests.Shopper($0, resources: resources) }
        for round in 0..<2 {
            for index in shoppers.indices {
                try shoppers[index].card("4242424242424242", expiry: "1230", cvv: "123", name: "John Smith")
                if round == 0 { try shoppers[index].clearCard() }
            }
        }
        for shopper in shoppers { #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")") }
        #expect(resources.leafMemo.count > 2)
        let buttons = resources.leafMemo.held.compactMap { key, entry -> String? in
            guard key.site.template == "blocks/submit-button", case .block(let block) = entry else { return nil }
            return String(decoding: block.pieces.joined(), as: UTF8.self)
        }
        #expect(buttons.contains { $0.contains("24.99") } && buttons.contains { $0.contains("10.00") })
    }

    /// Pairs of sessions sharing the memos whose leaves differ by one fact their key holds: the
    /// currency, the locale within one language (the amount's format), the networks offered and
    /// their order (the co-badge choice, each picked in turn), the fields' order (the fields
    /// `formState` says passed). Each answer is what its own whole form gives: a key that
    /// left the fact out would hand the second session the first one's block.
    @Test(arguments: [
        (#"{"amount": 2499, "currency": "EUR", "surcharges": {"VISA": 109}}"#, #"{"amount": 2499, "currency": "USD", "surcharges": {"VISA": 109}}"#),
        (#"{"amount": 2499, "currency": "EUR", "surcharges": {"VISA": 109}, "locale": "de"}"#,
         #"{"amount": 2499, "currency": "EUR", "surcharges": {"VISA": 109}, "locale": "de-CH"}"#),
        (#"{"orderedAllowedCardNetworks": ["CARTES_BANCAIRES", "VISA"]}"#, #"{"orderedAllowedCardNetworks": ["VISA", "CARTES_BANCAIRES"]}"#),
        (#"{"cardFields": ["cardNumber", "expiryDate", "cvv", "cardholderName"]}"#, #"{"cardFields": ["cardholderName", "cardNumber", "expiryDate", "cvv"]}"#),
    ])
    func sessionsDifferingInOneFactEachGetTheirOwnLeaves(first: String, second: String) throws {
        let resources = try FormResources.load(.init())
        var shoppers = try [first, second].map { try DifferentialRenderingTests.Shopper($0, resources: resources) }
        for index in shoppers.indices {
            try shoppers[index].card("4000002500001001", expiry: "1129", cvv: "456", name: "Marie Curie")
            try shoppers[index].pick(.visa)
            try shoppers[index].pick(.cartesBancaires)
            try shoppers[index].clearCard()
            try shoppers[index].card("4242424242424242", expiry: "1230", cvv: "123", name: "John Smith")
        }
        for shopper in shoppers { #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")") }
        let languages = shoppers.map { resources.pack(for: $0.record.session.locale).language }
        #expect(languages[0] == languages[1])
    }

    /// A designer's leaf that reads a key with no facts of its own (`colorScheme`) is kept by that
    /// key's data besides its facts: a dark and a light session sharing the memos each get their
    /// own `formState`.
    @Test func aLeafReadingDataWithoutFactsIsKeptByThatData() throws {
        let shipped = try String(contentsOf: URL(filePath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Templates/blocks/form-state.mustache"), encoding: .utf8)
        let folder = try ServerDevTests.overlay([
            "blocks/form-state.mustache": shipped.replacing(#"data-cf-block="formState""#, with: #"data-cf-block="formState" data-scheme="{{colorScheme.name}}""#)
        ])
        let resources = try FormResources.load(.init(templatesOverlay: folder))
        let leaf = try #require(resources.blockPlan?.leaves.first { $0.key == "formState" })
        #expect(leaf.isDataMemoizable && leaf.restKeys == ["colorScheme"] && leaf.factParts == [.state])
        var shoppers = try [#"{"appearance": {"colorScheme": "dark"}}"#, "{}"].map { try DifferentialRenderingTests.Shopper($0, resources: resources) }
        for index in shoppers.indices {
            try shoppers[index].card("4242424242424242", expiry: "1230", cvv: "123", name: "John Smith")
        }
        for shopper in shoppers { #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")") }
    }

    /// After whole cards typed, cleared and submitted, no memo (`BlockMemo`, `LeafMemo`,
    /// `ErrorWords`) holds any card field's value, in its keys or what it keeps; and the security
    /// code's block, always shown empty, comes from `BlockMemo` after its first render.
    @Test func noMemoKeepsCardData() throws {
        let resources = try FormResources.load(.init())
        var shopper = try DifferentialRenderingTests.Shopper(DifferentialRenderingTests.cardOnly, resources: resources)
        try shopper.typeCards()
        #expect(shopper.mismatches.isEmpty, "\(shopper.mismatches.first ?? "")")
        let secrets = ["4242424242424242", "4242 4242 4242 4242", "4000 0025 0000 1001", "3782 822463 10005", "12/30", "11/29", "John Smith", "Marie Curie"]
            + ["123", "456", "1234", "789", "135"].map { "value=\"\($0)\"" }
        var kept: [String] = []
        for (key, entry) in resources.leafMemo.held {
            kept.append("\(key.facts)")
            if case .block(let block) = entry { kept.append(String(decoding: block.pieces.joined(), as: UTF8.self)) }
        }
        for entry in resources.blockMemo.held.values {
            kept.append(String(decoding: entry.pieces.joined(), as: UTF8.self))
        }
        for (key, words) in resources.errorWords.held {
            kept.append("\(key)")
            kept.append(words)
        }
        #expect(!resources.leafMemo.held.isEmpty && !resources.blockMemo.held.isEmpty && !resources.errorWords.held.isEmpty)
        for secret in secrets {
            #expect(!kept.contains { $0.contains(secret) }, "a memo holds \(secret)")
        }
        #expect(resources.blockMemo.held.keys.contains { $0.site.template == "blocks/cvv" && !$0.filled })
    }
}
