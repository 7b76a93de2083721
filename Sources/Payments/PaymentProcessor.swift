import CardEngine

/// Creates payments: the sandbox, or a processor reached over HTTP.
///
/// `async` because a payment waits (on a delay or on a remote server) and must not hold one of the
/// HTTP daemon's worker threads meanwhile: the coordinator calls it from a task on Swift's
/// cooperative pool, and a suspended `await` holds no thread at all. It never throws: every way a
/// payment can go wrong (declined, timed out, a bad answer) is a failed `PaymentResult` with a
/// decline code, because the shopper must see an outcome either way.
protocol PaymentProcessor: Sendable {
    /// Charges the card behind `request.token`, read from `vault` (the processor is the one
    /// component allowed to). Returns when the payment has an outcome.
    func process(_ request: ProcessorRequest, vault: CardVault) async -> PaymentResult
}

/// What a processor is asked to charge: the vaulted card's token and what may be shown of it,
/// never the number itself.
struct ProcessorRequest: Sendable, Hashable {
    var sessionId: String
    /// 1 for the first submit of the session, 2 after one failure, and so on.
    var attempt: Int
    var token: VaultToken
    var paymentMethod: PaymentMethodSummary
    /// Minor units, surcharge included; nil when the session has no amount.
    var amount: Int?
    /// ISO 4217.
    var currency: String?
    var metadata: JSONValue?

    /// The same for every try of one attempt, different across attempts: a processor keyed on it
    /// charges an attempt at most once.
    var idempotencyKey: String { "\(sessionId):\(attempt)" }
}

/// The part of a card anyone downstream of the vault may see (CONTRACT §7's `paymentMethod`).
struct PaymentMethodSummary: Sendable, Hashable {
    /// The card's network as the form showed it (on a co-badged card, the shopper's choice, else
    /// the issuer's preferred accepted network).
    var network: CardNetwork
    /// The network the shopper chose on a co-badged card; nil when they chose none.
    var preferredNetwork: CardNetwork?
    /// The first six digits.
    var bin: String
    var last4: String
    var expiryMonth: Int
    /// Four digits.
    var expiryYear: Int

    init(
        network: CardNetwork, preferredNetwork: CardNetwork? = nil, bin: String, last4: String, expiryMonth: Int,
        expiryYear: Int
    ) {
        self.network = network
        self.preferredNetwork = preferredNetwork
        self.bin = bin
        self.last4 = last4
        self.expiryMonth = expiryMonth
        self.expiryYear = expiryYear
    }

    /// The summary of a submitted card.
    init(_ draft: PaymentRequestDraft) {
        self.init(
            network: draft.network, preferredNetwork: draft.preferredNetwork, bin: draft.bin, last4: draft.last4,
            expiryMonth: draft.expiryMonth, expiryYear: draft.expiryYear)
    }

    /// `{"network", "bin", "last4", "expiryMonth", "expiryYear"}`, as the hook receives it.
    var json: JSONValue {
        [
            "network": .string(network.rawValue), "bin": .string(bin), "last4": .string(last4),
            "expiryMonth": .integer(expiryMonth), "expiryYear": .integer(expiryYear),
        ]
    }
}
