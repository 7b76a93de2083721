import CardEngine
import HTTPServer

/// Responses and the headers every answer carries: no sniffing, no referrer beyond our origin, a
/// Content-Security-Policy (no inline script or style; `frame-ancestors` from the session's
/// allowed origins, else `'self'`), and `Cache-Control: no-store` unless a response says how it
/// may be cached. The `Router` adds what a response lacks (`guarding`), refusals included; the
/// daemon's own 400 and 413 carry them too (`rejectionHeaders`).
enum SecureResponse {
    /// The policy for pages and fragments: our own scripts, styles, images and fetches only.
    static func policy(frameAncestors origins: [String]) -> String {
        let ancestors = origins.filter(isPlainOrigin)
        return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors "
            + (ancestors.isEmpty ? "'self'" : ancestors.joined(separator: " "))
    }

    /// The headers an answer gets unless it sets its own.
    static let baseline: HTTPHeaders = [
        .xContentTypeOptions: "nosniff",
        // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on the no-JS
        // form post, and the origin check would refuse the shopper's own form.
        .referrerPolicy: "same-origin",
        .contentSecurityPolicy: policy(frameAncestors: []),
        .cacheControl: "no-store",
    ]

    /// Adds each `baseline` header `headers` lacks.
    static func guarding(_ headers: inout HTTPHeaders) {
        for field in baseline where !headers.contains(field.name) { headers.append(field) }
    }

    /// An HTML page or fragments, which only `frameAncestors` may frame.
    static func html(_ body: String, status: HTTPStatus = .ok, frameAncestors: [String] = []) -> Response {
        var headers: HTTPHeaders = [.contentType: "text/html; charset=utf-8"]
        if !frameAncestors.isEmpty { headers.add(.contentSecurityPolicy, policy(frameAncestors: frameAncestors)) }
        return Response(status: status, headers: headers, body: .text(body))
    }

    static func text(_ body: String, status: HTTPStatus) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .text(body))
    }

    static func json(_ value: JSONValue, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: [.contentType: "application/json"], body: .text(value.serialized))
    }

    /// `{"error": {"code", "message", "field"}}` (CONTRACT §3).
    static func jsonError(_ code: String, _ message: String, field: String? = nil, status: HTTPStatus) -> Response {
        json(ConfigurationError(code: code, message: message, field: field).json, status: status)
    }

    /// `https://shop.example` or `http://127.0.0.1:8081`: nothing that could break out of the policy.
    static func isPlainOrigin(_ origin: String) -> Bool {
        guard let schemeEnd = origin.range(of: "://") else { return false }
        let scheme = origin[..<schemeEnd.lowerBound]
        let rest = origin[schemeEnd.upperBound...]
        // Bytes, not characters: this runs for every answer, and grapheme breaking costs more than the rest.
        return (scheme == "https" || scheme == "http") && !rest.isEmpty
            && rest.utf8.allSatisfy { byte in
                (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[")
                    || byte == UInt8(ascii: "]")
            }
    }
}
