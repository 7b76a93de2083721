/// The rules a request head must follow before the responder sees it, beyond what libmicrohttpd
/// 0.9.75 checks by itself. A pure function of the parsed head: no C, no I/O.
///
/// Each rule closes a way for two parsers (a proxy in front and us) to read the same bytes as
/// different requests (request smuggling), or for a value to reach the app other than as sent:
/// - `Host` exactly once in HTTP/1.1, at most once in HTTP/1.0 (RFC 9112 §3.2);
/// - `Content-Length` at most once, never with `Transfer-Encoding` (RFC 9112 §6.3);
/// - `Transfer-Encoding` at most once, only in HTTP/1.1, and only `chunked` (501 for others);
/// - field names are tokens (no spaces before the colon) and values hold no control characters.
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

    /// The first rule `headers` break in a request of `version` (`HTTP/1.1`), or nil.
    static func violation(in headers: HTTPHeaders, version: String) -> Violation? {
        var hosts = 0
        var lengths = 0
        var encodings: [String] = []
        for field in headers {
            guard isToken(field.name) else { return .invalidFieldName }
            guard isFieldValue(field.value) else { return .invalidFieldValue }
            if HTTPHeaders.sameName(field.name, "Host") { hosts += 1 }
            if HTTPHeaders.sameName(field.name, "Content-Length") { lengths += 1 }
            if HTTPHeaders.sameName(field.name, "Transfer-Encoding") { encodings.append(field.value) }
        }
        let isHTTP11 = version == "HTTP/1.1"
        if hosts > 1 { return .repeatedHost }
        if hosts == 0, isHTTP11 { return .missingHost }
        if lengths > 1 { return .repeatedContentLength }
        guard !encodings.isEmpty else { return nil }
        if lengths > 0 { return .lengthWithTransferEncoding }
        if encodings.count > 1 { return .repeatedTransferEncoding }
        if !isHTTP11 { return .transferEncodingInHTTP10 }
        return HTTPHeaders.sameName(encodings[0], "chunked") ? nil : .unsupportedTransferEncoding
    }

    /// RFC 9110 §5.6.2 `token`: what a field name may be made of.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// RFC 9110 §5.5: visible characters, spaces, tabs and obs-text; no other control character
    /// (a NUL or a bare CR would cut or split the value in some other reader).
    static func isFieldValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 >= 0x20 ? $0 != 0x7F : $0 == UInt8(ascii: "\t") }
    }
}
