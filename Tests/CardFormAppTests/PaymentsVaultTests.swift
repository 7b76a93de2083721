import CardEngine
import Synchronization
import Testing
@testable import CardFormApp
@testable import Payments

/// Collects the vault's wipes (its test hook), from whichever thread wipes.
final class WipeLog: Sendable {
    private let wipes = Mutex<[CardVault.Wipe]>([])

    var all: [CardVault.Wipe] { wipes.withLock { $0 } }

    func record(_ wipe: CardVault.Wipe) { wipes.withLock { $0.append(wipe) } }
}

@Suite struct PaymentsVaultTests {
    @Test func aProcessorReadsTheCardBackByItsToken() throws {
        let vault = CardVault()
        let token = try #require(vault.store(try PaymentsFixtures.draft("378282246310005")))
        #expect(token.rawValue.hasPrefix("tok_") && token.rawValue.count == 30)
        let seen = vault.withCard(token) { card in
            [card.numberIs("378282246310005") ? "number" : "-", String(decoding: card.cvv, as: UTF8.self),
             card.network.rawValue, "\(card.expiryMonth)/\(card.expiryYear)"]
        }
        #expect(seen == ["number", "1234", "AMEX", "12/2030"])
    }

    @Test func discardingWipesTheBufferWithZerosAndForgetsTheToken() throws {
        let wipes = WipeLog()
        let vault = CardVault(onWipe: wipes.record)
        let token = try #require(vault.store(try PaymentsFixtures.draft("4242424242424242")))
        vault.discard(token)
        #expect(wipes.all == [CardVault.Wipe(token: token, bytesAfterWipe: Array(repeating: 0, count: 19))])
        #expect(vault.withCard(token) { _ in true } == nil)
        #expect(vault.count == 0)
        vault.discard(token)
        #expect(wipes.all.count == 1)
    }

    @Test func aSessionsEndWipesItsCardsAndNoOthers() throws {
        let wipes = WipeLog()
        let vault = CardVault(onWipe: wipes.record)
        let first = try #require(vault.store(try PaymentsFixtures.draft(session: "cs_a")))
        let second = try #require(vault.store(try PaymentsFixtures.draft("5555555555554444", session: "cs_a")))
        let other = try #require(vault.store(try PaymentsFixtures.draft(session: "cs_b")))
        vault.discardAll(sessionId: "cs_a")
        #expect(Set(wipes.all.map(\.token)) == [first, second])
        #expect(wipes.all.allSatisfy { $0.bytesAfterWipe.allSatisfy { $0 == 0 } })
        #expect(vault.withCard(other) { $0.numberIs("4242424242424242") } == true)
    }

    @Test func aFullVaultRefusesAnotherCard() throws {
        let vault = CardVault(capacity: 2)
        #expect(vault.store(try PaymentsFixtures.draft()) != nil)
        #expect(vault.store(try PaymentsFixtures.draft()) != nil)
        #expect(vault.store(try PaymentsFixtures.draft()) == nil)
        #expect(vault.count == 2)
    }
}
