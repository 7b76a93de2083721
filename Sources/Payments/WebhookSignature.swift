import CardFormSupport
import Foundation

/// The `CardForm-Signature` header (CONTRACT §7): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
///
/// Signs webhook events (keyed with `webhook.secret`) and, in the same form, requests to an HTTP
/// processor (keyed with `processor.secret`) and to the `beforePaymentCreate` hook. The timestamp is
/// inside the MAC so a receiver can refuse a replayed old delivery; several `v1` entries are
/// accepted on verification so a receiver can rotate secrets.
struct WebhookSignature: Sendable {
    /// The header's name.
    static let headerName = "CardForm-Signature"
    /// How far a signature's time may be from the receiver's clock, either way, by default.
    static let defaultToleranceSeconds = 300
    /// Headers longer than this are refused unread: verification is a receiver's first step on
    /// untrusted input.
    static let maxHeaderLength = 2_048

    private let mac: HMACSHA256

    /// A signer and verifier for `secret` (its UTF-8 bytes are the HMAC key).
    init(secret: String) {
        mac = HMACSHA256(secret: secret)
    }

    /// The header value signing `body` at `timestamp` (unix seconds).
    func header(for body: [UInt8], timestamp: Int) -> String {
        "t=\(timestamp),v1=" + mac.hexCode(Array("\(timestamp).".utf8), body)
    }

    /// Checks `header` against `body`: well formed, its time within `toleranceSeconds` of `now`
    /// (unix seconds), and one of its `v1` codes the HMAC of `"<t>.<body>"`.
    func verify(
        header: String, body: [UInt8], now: Int, toleranceSeconds: Int = defaultToleranceSeconds
    ) throws(WebhookSignatureError) {
        let parsed = try Self.parse(header)
        guard abs(now - parsed.timestamp) <= toleranceSeconds else {
            throw WebhookSignatureError(.timestampOutOfTolerance, "signed at \(parsed.timestamp), now \(now)")
        }
        let prefix = Array("\(parsed.timestamp).".utf8)
        guard parsed.codes.contains(where: { mac.isValid($0, for: prefix, body) }) else {
            throw WebhookSignatureError(.noMatchingSignature, "no v1 signature matches the body")
        }
    }

    /// The timestamp and every well-formed `v1` code; other schemes are skipped.
    static func parse(_ header: String) throws(WebhookSignatureError) -> (timestamp: Int, codes: [[UInt8]]) {
        guard header.utf8.count <= maxHeaderLength else {
            throw WebhookSignatureError(.malformedHeader, "longer than \(maxHeaderLength) bytes")
        }
        var timestamp: Int?
        var codes: [[UInt8]] = []
        for item in header.split(separator: ",") {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { throw WebhookSignatureError(.malformedHeader, "an item is not key=value") }
            let key = pair[0].trimmingCharacters(in: .whitespaces)
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            switch key {
            case "t":
                guard timestamp == nil, value.utf8.count <= 12, value.utf8.allSatisfy(\.isASCIIDigit), let seconds = Int(value) else {
                    throw WebhookSignatureError(.malformedHeader, "t must appear once, as unix seconds")
                }
                timestamp = seconds
            case "v1":
                if let code = Hex.decode(value), code.count == HMACSHA256.byteCount { codes.append(code) }
            default:
                continue
            }
        }
        guard let timestamp else { throw WebhookSignatureError(.malformedHeader, "no t= item") }
        guard !codes.isEmpty else { throw WebhookSignatureError(.malformedHeader, "no v1= signature") }
        return (timestamp, codes)
    }
}

/// Why a `CardForm-Signature` header was refused.
typealias WebhookSignatureError = CodedError<WebhookSignatureFailure>

/// The codes of `WebhookSignatureError`.
enum WebhookSignatureFailure: String, ErrorCode {
    case malformedHeader = "malformed-header"
    case timestampOutOfTolerance = "timestamp-out-of-tolerance"
    case noMatchingSignature = "no-matching-signature"
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
