import CardEngine
import Foundation

/// A `payment.succeeded` or `payment.failed` event (CONTRACT §7), ready to deliver.
struct WebhookEvent: Sendable, Hashable {
    enum Kind: String, Sendable {
        case paymentSucceeded = "payment.succeeded"
        case paymentFailed = "payment.failed"
    }

    /// `evt_` and 26 random characters; the same across retries, so a receiver can deduplicate.
    var id: String
    var kind: Kind
    var created: Date
    var sessionId: String
    var result: PaymentResult
    /// Minor units, surcharge included.
    var amount: Int?
    var currency: String?
    var network: CardNetwork
    var last4: String

    /// The event for a payment's `result`, created now.
    init(
        sessionId: String, result: PaymentResult, paymentMethod: PaymentMethodSummary, amount: Int?,
        currency: String?, created: Date = Date(), id: String = PaymentIdentifier.make(.event)
    ) {
        self.id = id
        self.kind = result.status == .succeeded ? .paymentSucceeded : .paymentFailed
        self.created = created
        self.sessionId = sessionId
        self.result = result
        self.amount = amount
        self.currency = currency
        self.network = paymentMethod.network
        self.last4 = paymentMethod.last4
    }

    /// `{"id", "type", "created", "data": {"sessionId", "payment": {…}}}`.
    var json: JSONValue {
        let payment = JSONObject([
            ("id", result.id.map(JSONValue.string) ?? .null),
            ("status", .string(result.status.rawValue)),
            ("amount", amount.map(JSONValue.integer) ?? .null),
            ("currency", currency.map(JSONValue.string) ?? .null),
            ("network", .string(network.rawValue)),
            ("last4", .string(last4)),
            ("declineCode", result.declineCode.map(JSONValue.string) ?? .null),
        ])
        return .object(JSONObject([
            ("id", .string(id)),
            ("type", .string(kind.rawValue)),
            ("created", .string(Self.rfc3339(created))),
            ("data", .object(JSONObject([("sessionId", .string(sessionId)), ("payment", .object(payment))]))),
        ]))
    }

    /// The body sent: the same bytes on every retry.
    var body: [UInt8] { Array(json.serialized.utf8) }

    /// `2025-03-01T12:00:00Z`: UTC, whole seconds.
    static func rfc3339(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!))
    }
}
