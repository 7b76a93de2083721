/// Which localised sentence explains a failed payment: decline codes (the sandbox's, a processor's,
/// our own transport failures) mapped to locale keys `decline.<reason>`.
///
/// Several processor codes share a reason on purpose: a shopper is told their card was declined,
/// never that it was reported lost or stolen, or suspected of fraud.
public enum DeclineReason {
    /// Every key this type can return, for the locale catalogs.
    static let localeKeys: [String] = reasons.map { "decline." + $0 } + ["decline.generic"]

    /// The reasons with a sentence of their own.
    static let reasons = [
        "card_declined", "insufficient_funds", "expired_card", "incorrect_cvc", "processing_error",
        "processor_timeout", "processor_error", "processor_bad_response", "aborted",
    ]

    /// Codes that say the same thing as a reason, or that must not be told as they are.
    static let aliases: [String: String] = [
        "do_not_honor": "card_declined", "generic_decline": "card_declined", "lost_card": "card_declined",
        "stolen_card": "card_declined", "pickup_card": "card_declined", "fraudulent": "card_declined",
        "restricted_card": "card_declined", "card_not_supported": "card_declined",
        "card_velocity_exceeded": "insufficient_funds", "withdrawal_count_limit_exceeded": "insufficient_funds",
        "card_expired": "expired_card", "invalid_expiry_date": "expired_card",
        "incorrect_cvv": "incorrect_cvc", "invalid_cvc": "incorrect_cvc", "invalid_cvv": "incorrect_cvc",
        "try_again_later": "processing_error", "issuer_not_available": "processing_error",
        "processor_connection_lost": "processor_timeout",
    ]

    /// Our codes for a payment whose outcome is unknown: the request reached (or may have reached)
    /// the processor and no answer came back. Such an attempt is retried as it was (same card,
    /// same idempotency key) rather than started anew; see `PaymentCoordinator`.
    static let unknownOutcomeCodes: Set<String> = ["processor_timeout", "processor_connection_lost"]

    /// The locale key for `code`: `decline.<reason>` for a known code or alias, else `decline.generic`.
    public static func localeKey(for code: String?) -> String {
        guard let code else { return "decline.generic" }
        if reasons.contains(code) { return "decline." + code }
        if let reason = aliases[code] { return "decline." + reason }
        return "decline.generic"
    }

    /// A processor's decline code as we keep it (in results, webhooks, logs of codes): lower-case
    /// letters, digits and `_`, 1 to 64 of them; nil for anything else.
    static func normalizedCode(_ code: String) -> String? {
        let lowered = code.lowercased()
        guard (1...64).contains(lowered.utf8.count),
            lowered.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F })
        else { return nil }
        return lowered
    }
}
