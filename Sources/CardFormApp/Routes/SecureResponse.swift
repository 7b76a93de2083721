import CardEngine
import HTTPServer

/// Responses with the headers every answer carries: no sniffing, no referrer, a
/// Content-Security-Policy (no inline script or style; `frame-ancestors` from the session's
/// allowed origins, else `'self'`), and `Cache-Control: no-store` wherever session data is held.
enum SecureResponse {
    /// The policy for pages and fragments: our own scripts, styles, images and fetches only.
    static func policy(frameAncestors origins: [String]) -> String {
        let ancestors = origins.filter(isPlainOrigin)
        return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
            + "form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors "
            + (ancestors.isEmpty ? "'self'" : ancestors.joined(separator: " "))
    }

    static func headers(contentType: String, frameAncestors: [String] = [], noStore: Bool) -> HTTPHeaders {
        var headers: HTTPHeaders = [
            "Content-Type": contentType,
            "X-Content-Type-Options": "nosniff",
            // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on the no-JS
            // form post, and the origin check would refuse the shopper's own form.
            "Referrer-Policy": "same-origin",
            "Content-Security-Policy": policy(frameAncestors: frameAncestors),
        ]
        if noStore { headers.add("Cache-Control", "no-store") }
        return headers
    }

    static func html(_ body: String, status: HTTPStatus = .ok, frameAncestors: [String] = [], noStore: Bool = true) -> Response {
        Response(
            status: status,
            headers: headers(contentType: "text/html; charset=utf-8", frameAncestors: frameAncestors, noStore: noStore),
            body: .text(body))
    }

    static func text(_ body: String, status: HTTPStatus) -> Response {
        Response(status: status, headers: headers(contentType: "text/plain; charset=utf-8", noStore: true), body: .text(body))
    }

    static func json(_ value: JSONValue, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: headers(contentType: "application/json", noStore: true), body: .text(value.serialized))
    }

    /// `{"error": {"code", "message", "field"}}` (CONTRACT §3).
    static func jsonError(_ code: String, _ message: String, field: String? = nil, status: HTTPStatus) -> Response {
        json(
            ["error": .object(JSONObject([
                (key: "code", value: .string(code)), (key: "message", value: .string(message)),
                (key: "field", value: field.map(JSONValue.string) ?? .null),
            ]))],
            status: status)
    }

    /// `https://shop.example` or `http://127.0.0.1:8081`: nothing that could break out of the policy.
    static func isPlainOrigin(_ origin: String) -> Bool {
        guard let schemeEnd = origin.range(of: "://") else { return false }
        let scheme = origin[..<schemeEnd.lowerBound]
        let rest = origin[schemeEnd.upperBound...]
        return (scheme == "https" || scheme == "http") && !rest.isEmpty
            && rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" || $0 == "[" || $0 == "]") }
    }
}
