import CardEngine
import Foundation
import Testing
@testable import CardFormApp
@testable import Payments

@Suite struct PaymentsSavedCardTests {
    static let visa = PaymentMethodSummary(network: .visa, bin: "400000", last4: "1001", expiryMonth: 12, expiryYear: 2030)
    static let created = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func theListingShowsTheCardMaskedWithTheChosenNetwork() throws {
        let store = SavedCardStore()
        let card = try #require(store.save(customerId: "cus_1", paymentMethod: Self.visa, cardholderName: "Jane Doe", createdAt: Self.created))
        #expect(card.id.hasPrefix("card_"))
        let listing = store.listJSON(customerId: "cus_1").serialized
        #expect(listing == #"{"customerId":"cus_1","cards":[{"id":"\#(card.id)","network":"VISA","last4":"1001","#
            + #""maskedNumber":"•••• 1001","expiryMonth":12,"expiryYear":2030,"cardholderName":"Jane Doe","#
            + #""createdAt":"2026-01-01T00:00:00Z"}]}"#)
        #expect(!listing.contains("400000"))
    }

    @Test func anUnknownCustomerHasAnEmptyListing() {
        #expect(SavedCardStore().listJSON(customerId: "cus_nobody").serialized == #"{"customerId":"cus_nobody","cards":[]}"#)
    }

    @Test func savingTheSameCardAgainRefreshesItInsteadOfAddingOne() throws {
        let store = SavedCardStore()
        let first = try #require(store.save(customerId: "cus_1", paymentMethod: Self.visa, cardholderName: nil))
        let again = try #require(store.save(customerId: "cus_1", paymentMethod: Self.visa, cardholderName: "J Doe"))
        #expect(again.id == first.id)
        #expect(store.cards(customerId: "cus_1").map(\.cardholderName) == ["J Doe"])
    }

    @Test func theSameCardOnTheOtherNetworkIsAnotherSavedCard() throws {
        let store = SavedCardStore()
        store.save(customerId: "cus_1", paymentMethod: Self.visa, cardholderName: nil)
        var cartesBancaires = Self.visa
        cartesBancaires.network = .cartesBancaires
        store.save(customerId: "cus_1", paymentMethod: cartesBancaires, cardholderName: nil)
        #expect(store.cards(customerId: "cus_1").map(\.network) == [.visa, .cartesBancaires])
    }

    @Test func aCustomerKeepsOnlyTheNewestCardsUpToTheCap() {
        let store = SavedCardStore(maxCardsPerCustomer: 2)
        for last4 in ["0001", "0002", "0003"] {
            var method = Self.visa
            method.last4 = last4
            store.save(customerId: "cus_1", paymentMethod: method, cardholderName: nil)
        }
        #expect(store.cards(customerId: "cus_1").map(\.last4) == ["0002", "0003"])
    }

    @Test func newCustomersAreRefusedPastTheCapAndOversizedIdsAlways() {
        let store = SavedCardStore(maxCustomers: 1)
        #expect(store.save(customerId: "cus_1", paymentMethod: Self.visa, cardholderName: nil) != nil)
        #expect(store.save(customerId: "cus_2", paymentMethod: Self.visa, cardholderName: nil) == nil)
        #expect(store.save(customerId: String(repeating: "c", count: 257), paymentMethod: Self.visa, cardholderName: nil) == nil)
    }

    @Test func aRemovedCardLeavesTheListing() throws {
        let store = SavedCardStore()
        let card = try #require(store.save(customerId: "cus_1", paymentMethod: Self.visa, cardholderName: nil))
        #expect(store.remove(customerId: "cus_1", cardId: card.id))
        #expect(!store.remove(customerId: "cus_1", cardId: card.id))
        #expect(store.cards(customerId: "cus_1").isEmpty)
    }
}
