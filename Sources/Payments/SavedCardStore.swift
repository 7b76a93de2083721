import CardEngine
import Foundation
import Synchronization

/// A card a customer saved: only what a listing shows, never the number or its BIN.
struct SavedCard: Sendable, Hashable {
    /// `card_` and 26 random characters.
    var id: String
    /// The network the shopper chose (on a co-badged card, their pick: the EU co-badge rule).
    var network: CardNetwork
    var last4: String
    var expiryMonth: Int
    var expiryYear: Int
    var cardholderName: String?
    var createdAt: Date

    /// `•••• 4242`: how the card is shown.
    var maskedNumber: String { "•••• " + last4 }

    /// The card as `GET /api/customers/<id>/cards` lists it.
    var json: JSONValue {
        .object(JSONObject([
            ("id", .string(id)), ("network", .string(network.rawValue)), ("last4", .string(last4)),
            ("maskedNumber", .string(maskedNumber)), ("expiryMonth", .integer(expiryMonth)),
            ("expiryYear", .integer(expiryYear)), ("cardholderName", cardholderName.map(JSONValue.string) ?? .null),
            ("createdAt", .string(WebhookEvent.rfc3339(createdAt))),
        ]))
    }
}

/// Customers' saved cards, in memory, safe to use from any thread.
///
/// Saving the same card again (same network, last four and expiry) refreshes it instead of adding
/// a duplicate. Bounded: `maxCardsPerCustomer` (the oldest goes) and `maxCustomers` (new customers
/// are refused past it).
public final class SavedCardStore: Sendable {
    /// Customer ids longer than this are refused (they come from the merchant's session options).
    static let maxCustomerIdLength = 256

    let maxCardsPerCustomer: Int
    let maxCustomers: Int
    private let cards = Mutex<[String: [SavedCard]]>([:])

    /// An empty store with the given bounds.
    init(maxCardsPerCustomer: Int = 20, maxCustomers: Int = 100_000) {
        self.maxCardsPerCustomer = maxCardsPerCustomer
        self.maxCustomers = maxCustomers
    }

    /// Saves the card of a successful payment for `customerId`; nil when refused (bad id, store full).
    @discardableResult
    func save(
        customerId: String, paymentMethod: PaymentMethodSummary, cardholderName: String?, createdAt: Date = Date()
    ) -> SavedCard? {
        guard !customerId.isEmpty, customerId.utf8.count <= Self.maxCustomerIdLength else { return nil }
        let name = cardholderName.flatMap { $0.isEmpty ? nil : String($0.prefix(100)) }
        var card = SavedCard(
            id: PaymentIdentifier.make(.savedCard), network: paymentMethod.network, last4: paymentMethod.last4,
            expiryMonth: paymentMethod.expiryMonth, expiryYear: paymentMethod.expiryYear,
            cardholderName: name, createdAt: createdAt)
        return cards.withLock { table -> SavedCard? in
            guard table[customerId] != nil || table.count < maxCustomers else { return nil }
            var list = table[customerId, default: []]
            if let index = list.firstIndex(where: { $0.sameCard(as: card) }) {
                card.id = list[index].id
                list.remove(at: index)
            }
            list.append(card)
            if list.count > maxCardsPerCustomer { list.removeFirst(list.count - maxCardsPerCustomer) }
            table[customerId] = list
            return card
        }
    }

    /// The customer's cards, oldest first (empty for an unknown customer).
    func cards(customerId: String) -> [SavedCard] {
        cards.withLock { $0[customerId] ?? [] }
    }

    /// `{"customerId": …, "cards": [{id, network, last4, maskedNumber, expiryMonth, expiryYear,
    /// cardholderName, createdAt}…]}`: the body of `GET /api/customers/<id>/cards`.
    public func listJSON(customerId: String) -> JSONValue {
        .object(JSONObject([
            ("customerId", .string(customerId)),
            ("cards", .array(cards(customerId: customerId).map(\.json))),
        ]))
    }

    /// Forgets one card; false when the customer has no such card.
    @discardableResult
    func remove(customerId: String, cardId: String) -> Bool {
        cards.withLock { table in
            guard let index = table[customerId]?.firstIndex(where: { $0.id == cardId }) else { return false }
            table[customerId]!.remove(at: index)
            if table[customerId]!.isEmpty { table[customerId] = nil }
            return true
        }
    }
}

extension SavedCard {
    fileprivate func sameCard(as other: SavedCard) -> Bool {
        network == other.network && last4 == other.last4 && expiryMonth == other.expiryMonth
            && expiryYear == other.expiryYear
    }
}
