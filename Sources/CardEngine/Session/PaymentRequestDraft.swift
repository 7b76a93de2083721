/// Everything a processor needs to charge the card, handed to the app by `submit`.
///
/// It holds the full card number and CVV: its `description` is redacted so that interpolating it
/// into a log line can never leak them.
public struct PaymentRequestDraft: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public var sessionId: String
    /// The card's network as the form shows it (the shopper's pick on a co-badged card, else the
    /// issuer's preferred accepted network): what the surcharge was taken for, and what the hook,
    /// webhooks and saved cards name.
    public var network: CardNetwork
    /// The network the shopper chose on a co-badged card, nil when they chose none: only then is a
    /// processor asked to route on a given network.
    public var preferredNetwork: CardNetwork?
    /// The card number's digits.
    public var cardNumber: String
    public var expiryMonth: Int
    /// Four digits.
    public var expiryYear: Int
    /// The security code's digits ("" where the network has none).
    public var cvv: String
    public var cardholderName: String?
    /// The active billing fields' values, trimmed; empty ones left out.
    public var billing: [FieldType: String]
    public var amount: Int?
    public var surcharge: Int?
    public var currency: String?
    public var customerId: String?
    public var metadata: JSONValue?
    /// What the BIN data said about the card, when it said anything.
    public var binRecord: BINRecord?

    /// The first six digits (what `beforePaymentCreate` and webhooks may see).
    public var bin: String { String(cardNumber.prefix(6)) }
    public var last4: String { String(cardNumber.suffix(4)) }
    /// `amount` plus `surcharge`, when there is an amount.
    public var totalAmount: Int? { amount.map { $0 + (surcharge ?? 0) } }

    public var description: String {
        "PaymentRequestDraft(session: \(sessionId), network: \(network.rawValue), card: \(bin)…\(last4), "
            + "expiry: \(expiryMonth)/\(expiryYear), amount: \(totalAmount.map(String.init) ?? "none") \(currency ?? ""))"
    }

    public var debugDescription: String { description }
}
