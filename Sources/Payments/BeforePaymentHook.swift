import CardEngine
import Foundation

/// The merchant's `beforePaymentCreate` hook (CONTRACT §7): asked, before each payment is created,
/// whether to go on.
///
/// POSTs `{"sessionId", "paymentMethod": {"network", "bin", "last4", "expiryMonth", "expiryYear"}}`.
/// `{"decision": "continue"}` goes on; `{"decision": "abort", "message": "…"}` stops with that message
/// for the shopper. No whole answer within the timeout, a non-2xx status, an unreachable server or
/// an answer that is not one of those two is an abort too, without a message: a merchant who asked
/// to be consulted has not said yes. Signed like a webhook when a secret is given.
struct BeforePaymentHook: Sendable {
    /// A merchant's message longer than this (in characters) is cut: it is shown in the form.
    static let maxMessageLength = 300

    var url: URL
    var timeout: Duration
    var signature: WebhookSignature?
    var client: HTTPClient
    var clock: @Sendable () -> Date

    /// The hook at `url` (`beforePaymentCreate.url`) answering within `timeout`
    /// (`beforePaymentCreate.timeoutMs`), signed with `secret` (`webhook.secret`) when given.
    init(
        url: URL, timeout: Duration, secret: String? = nil, client: HTTPClient = HTTPClient(),
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.url = url
        self.timeout = timeout
        self.signature = secret.map(WebhookSignature.init(secret:))
        self.client = client
        self.clock = clock
    }

    /// Asks the merchant about a payment for `sessionId` with `paymentMethod`.
    func decide(sessionId: String, paymentMethod: PaymentMethodSummary) async -> BeforePaymentDecision {
        let body = Array(JSONValue.object(JSONObject([
            ("sessionId", .string(sessionId)), ("paymentMethod", paymentMethod.json),
        ])).serialized.utf8)
        var headers: [(String, String)] = []
        if let signature {
            headers.append((WebhookSignature.headerName, signature.header(for: body, timestamp: Int(clock().timeIntervalSince1970))))
        }
        switch await client.postJSON(to: url, body: body, headers: headers, timeout: timeout) {
        case .failure(let error):
            return .abort(message: nil, reason: error.code == .timeout ? .timeout : .unreachable)
        case .success(let response) where !response.isSuccess:
            return .abort(message: nil, reason: .httpStatus)
        case .success(let response):
            return Self.decision(from: response.body)
        }
    }

    /// Reads the merchant's answer.
    static func decision(from body: [UInt8]) -> BeforePaymentDecision {
        guard let answer = (try? JSONValue.parse(body, maxDepth: 8))?.objectValue else {
            return .abort(message: nil, reason: .badResponse)
        }
        switch answer["decision"]?.stringValue {
        case "continue":
            return .proceed
        case "abort":
            return .abort(message: answer["message"]?.stringValue.flatMap(displayable), reason: .merchant)
        default:
            return .abort(message: nil, reason: .badResponse)
        }
    }

    /// The message as the form may show it: control characters and line breaks become spaces,
    /// runs of blanks one space, length bounded; nil when nothing is left.
    private static func displayable(_ message: String) -> String? {
        let scalars = message.unicodeScalars.prefix(4 * maxMessageLength).map { $0.properties.generalCategory.isControl ? " " : $0 }
        let words = String(String.UnicodeScalarView(scalars)).split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        return String(words.joined(separator: " ").prefix(maxMessageLength))
    }
}

/// What the merchant's hook decided.
enum BeforePaymentDecision: Hashable, Sendable {
    /// Create the payment.
    case proceed
    /// Do not: show `message` if the merchant gave one, else the generic abort reason.
    case abort(message: String?, reason: AbortReason)

    /// Why a payment was stopped before it was created.
    enum AbortReason: String, Hashable, Sendable {
        /// The merchant answered `abort`.
        case merchant
        /// No whole answer in time.
        case timeout
        /// The hook could not be reached.
        case unreachable
        /// A non-2xx status.
        case httpStatus = "http_status"
        /// An answer that is neither `continue` nor `abort`.
        case badResponse = "bad_response"
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        switch self {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
