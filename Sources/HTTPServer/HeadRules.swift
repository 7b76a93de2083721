/// The rules a request head must follow before the responder sees it, beyond what libmicrohttpd
/// 0.9.75 checks by itself. A pure function of the parsed head: no C, no I/O.
///
/// Each rule closes a way for two parsers (a proxy in front and us) to read the same bytes as
/// different requests (request smuggling), or for a value to reach the app other than as sent:
/// - `Host` exactly once in HTTP/1.1, at most once in HTTP/1.0 (RFC 9112 §3.2);
/// - `Content-Length` at most once, never with `Transfer-Encoding` (RFC 9112 §6.3);
/// - `Transfer-Encoding` at most once, only in HTTP/1.1, and only `chunked` (501 for others);
/// - field names are tokens (no spaces before the colon) and values hold no control characters
///   (both checked as the fields are made: `HTTPHeaders.Name(_:)`, `HTTPHeaders.Field.isValid`).
///
/// libmicrohttpd's own strict mode (`MHD_OPTION_STRICT_FOR_CLIENT`) checks only the `Host` rule in
/// 0.9.75, answering with a bare 400 the daemon cannot add its headers to; these rules answer
/// with the daemon's own, so they are used instead.
enum HeadRules {
    /// Why a head was refused, and the status it gets.
    enum Violation: String, Equatable, Sendable {
        case missingHost = "missing-host"
        case repeatedHost = "repeated-host"
        case repeatedContentLength = "repeated-content-length"
        case lengthWithTransferEncoding = "content-length-with-transfer-encoding"
        case repeatedTransferEncoding = "repeated-transfer-encoding"
        case transferEncodingInHTTP10 = "transfer-encoding-in-http-1.0"
        case unsupportedTransferEncoding = "unsupported-transfer-encoding"
        case invalidFieldName = "invalid-field-name"
        case invalidFieldValue = "invalid-field-value"

        /// 501 for a transfer coding we do not implement (RFC 9112 §6.1), 400 for the rest.
        var status: HTTPStatus {
            self == .unsupportedTransferEncoding ? .notImplemented : .badRequest
        }
    }

    /// The first rule a request of `version` (`HTTP/1.1`) with the header lines `head` breaks, or nil.
    static func violation(in head: HeadCollector, version: String) -> Violation? {
        guard head.invalidNameCount == 0 else { return .invalidFieldName }
        guard head.headers.isValid else { return .invalidFieldValue }
        var hosts = 0
        var lengths = 0
        var encodings: [String] = []
        // Read once: each read of a name constant is a lazy global's `swift_once`.
        let host = HTTPHeaders.Name.host
        let contentLength = HTTPHeaders.Name.contentLength
        let transferEncoding = HTTPHeaders.Name.transferEncoding
        for field in head.headers {
            if field.name == host { hosts += 1 }
            if field.name == contentLength { lengths += 1 }
            if field.name == transferEncoding { encodings.append(field.value) }
        }
        let isHTTP11 = version == "HTTP/1.1"
        if hosts > 1 { return .repeatedHost }
        if hosts == 0, isHTTP11 { return .missingHost }
        if lengths > 1 { return .repeatedContentLength }
        guard !encodings.isEmpty else { return nil }
        if lengths > 0 { return .lengthWithTransferEncoding }
        if encodings.count > 1 { return .repeatedTransferEncoding }
        if !isHTTP11 { return .transferEncodingInHTTP10 }
        return isChunked(encodings[0]) ? nil : .unsupportedTransferEncoding
    }

    /// `chunked` in any ASCII case, and only that: Unicode case folding would read the Kelvin sign
    /// (U+212A) as a `k`, where a proxy in front reads another coding.
    static func isChunked(_ coding: String) -> Bool {
        coding.utf8.count == 7 && zip(coding.utf8, "chunked".utf8).allSatisfy { $0 | 0x20 == $1 }
    }
}
