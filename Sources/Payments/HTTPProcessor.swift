import CardEngine
import Foundation

/// A processor reached over HTTP (`processor.kind: http`): POSTs a JSON payment request to
/// `processor.url` and maps the JSON answer to a `PaymentResult`.
///
/// The request (see `requestBody`) carries the vault token, the total amount, the currency, the
/// network the shopper chose on a co-badged card as `preferredNetwork` (only when they chose one),
/// BIN, last four, expiry, session id, attempt and metadata. The card number and code go only to an `https` URL (in a `card` object): the processor
/// is the one party that may receive them, and never over cleartext. Signed with `processor.secret`
/// in `CardForm-Signature` (same form as webhooks) and sent with an `Idempotency-Key`.
///
/// The answer is `{"status": "succeeded"|"failed"|"declined", "id", "declineCode", "message"}`.
/// Timeouts, connections lost after the request went out, non-2xx answers and unreadable ones become
/// failed payments coded `processor_timeout`, `processor_connection_lost`, `processor_error` and
/// `processor_bad_response`; the first two leave the outcome unknown
/// (`DeclineReason.unknownOutcomeCodes`). The processor's `message` is not passed on: it is
/// neither localised nor meant for shoppers; its `declineCode` picks the localised reason instead.
struct HTTPProcessor: PaymentProcessor {
    var url: URL
    var signature: WebhookSignature?
    var timeout: Duration
    var client: HTTPClient
    var clock: @Sendable () -> Date

    /// A processor at `url`, signing with `secret` when there is one.
    init(
        url: URL, secret: String?, timeout: Duration = .seconds(20), client: HTTPClient = HTTPClient(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.url = url
        self.signature = secret.map(WebhookSignature.init(secret:))
        self.timeout = timeout
        self.client = client
        self.clock = clock
    }

    func process(_ request: ProcessorRequest, vault: CardVault) async -> PaymentResult {
        let sendsCard = url.scheme?.lowercased() == "https"
        guard let body = vault.withCard(request.token, { Self.requestBody(request, card: sendsCard ? $0 : nil) }) else {
            return .failed(declineCode: "processing_error")
        }
        var headers = [("Idempotency-Key", request.idempotencyKey)]
        if let signature {
            headers.append((WebhookSignature.headerName, signature.header(for: body, timestamp: Int(clock().timeIntervalSince1970))))
        }
        switch await client.postJSON(to: url, body: body, headers: headers, timeout: timeout) {
        case .failure(let error):
            return .failed(declineCode: Self.declineCode(for: error))
        case .success(let response) where !response.isSuccess:
            return .failed(declineCode: "processor_error")
        case .success(let response):
            return Self.result(from: response.body)
        }
    }

    /// The JSON request for `request`; `card`, when given, adds the number, code and name.
    static func requestBody(_ request: ProcessorRequest, card: VaultedCard?) -> [UInt8] {
        let method = request.paymentMethod
        // No preferred network unless the shopper chose one: the issuer's routing (and the fee the
        // form showed for it) applies otherwise.
        var paymentMethod: [(key: String, value: JSONValue)] =
            method.preferredNetwork.map { [("preferredNetwork", .string($0.rawValue))] } ?? []
        paymentMethod += [
            ("bin", .string(method.bin)), ("last4", .string(method.last4)), ("expiryMonth", .integer(method.expiryMonth)),
            ("expiryYear", .integer(method.expiryYear)),
        ]
        var object = JSONObject([
            ("sessionId", .string(request.sessionId)),
            ("attempt", .integer(request.attempt)),
            ("idempotencyKey", .string(request.idempotencyKey)),
            ("token", .string(request.token.rawValue)),
            ("amount", request.amount.map(JSONValue.integer) ?? .null),
            ("currency", request.currency.map(JSONValue.string) ?? .null),
            ("paymentMethod", .object(JSONObject(paymentMethod))),
            ("metadata", request.metadata ?? .null),
        ])
        if let card {
            let secret = card.copyNumberAndCVV()
            object["card"] = [
                "number": .string(secret.number), "cvv": .string(secret.cvv),
                "expiryMonth": .integer(card.expiryMonth), "expiryYear": .integer(card.expiryYear),
            ]
        }
        return Array(JSONValue.object(object).serialized.utf8)
    }

    /// Maps the processor's JSON answer; anything unexpected is `processor_bad_response`.
    static func result(from body: [UInt8]) -> PaymentResult {
        let badResponse = PaymentResult.failed(declineCode: "processor_bad_response")
        guard let answer = (try? JSONValue.parse(body, maxDepth: 8))?.objectValue else { return badResponse }
        let id = answer["id"]?.stringValue.flatMap(Self.boundedIdentifier)
        switch answer["status"]?.stringValue {
        case "succeeded":
            guard let id else { return badResponse }
            return .succeeded(id: id)
        case "failed", "declined":
            let code = answer["declineCode"]?.stringValue.flatMap(DeclineReason.normalizedCode) ?? "card_declined"
            return .failed(id: id, declineCode: code)
        default:
            return badResponse
        }
    }

    private static func declineCode(for error: HTTPClientError) -> String {
        switch error.code {
        case .timeout: "processor_timeout"
        case .connectionLost: "processor_connection_lost"
        case .responseTooLarge: "processor_bad_response"
        case .transport, .cancelled: "processor_error"
        }
    }

    /// A payment id we are willing to store and show: 1 to 128 printable ASCII characters.
    private static func boundedIdentifier(_ text: String) -> String? {
        guard (1...128).contains(text.utf8.count), text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        return text
    }
}
