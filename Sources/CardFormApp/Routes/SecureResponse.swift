import CardEngine
import HTTPServer

/// Responses and the headers every answer carries: no sniffing, no referrer beyond our origin, a
/// Content-Security-Policy (no inline script or style; `frame-ancestors` from the session's
/// allowed origins, else `'self'`), and `Cache-Control: no-store` unless a response says how it
/// may be cached. The `Router` adds what a response lacks (`guarding`), refusals included; the
/// daemon's own 400 and 413 carry them too (`rejectionHeaders`).
enum SecureResponse {
    /// The policy for pages and fragments: our own scripts, styles, images and fetches only.
    /// `frameAncestors` are the session's `allowedOrigins`, patterns included, which CSP matches as
    /// `OriginPattern` does; the session refused any other at creation, and the filter is only a
    /// second guard against a value that could break out of the header.
    static func policy(frameAncestors origins: [String]) -> String {
        var policy = policyStart
        var named = false
        for origin in origins where OriginPattern(origin) != nil {
            policy.append(named ? " " + origin : origin)
            named = true
        }
        if !named { policy.append("'self'") }
        return policy
    }

    private static let policyStart = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
        + "connect-src 'self'; form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors "

    private static let htmlType = HTTPHeaders.Field(name: .contentType, value: "text/html; charset=utf-8")
    /// A session's policy is the same on every answer: written and checked once per set of origins.
    private static let policies = PolicyCache()

    /// The headers an answer gets unless it sets its own.
    static let baseline: HTTPHeaders = [
        .xContentTypeOptions: "nosniff",
        // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on the no-JS
        // form post, and the origin check would refuse the shopper's own form.
        .referrerPolicy: "same-origin",
        .contentSecurityPolicy: policy(frameAncestors: []),
        .cacheControl: "no-store",
    ]

    /// Whether `headers` has every `baseline` header already (`guarding` would add none).
    static func isGuarded(_ headers: HTTPHeaders) -> Bool {
        baseline.allSatisfy { headers.contains($0.name) }
    }

    /// Adds each `baseline` header `headers` lacks.
    static func guarding(_ headers: inout HTTPHeaders) {
        for field in baseline where !headers.contains(field.name) { headers.append(field) }
    }

    /// A page event's answer (its fragments, or the whole form) with the headers its session keeps
    /// (`KeptAnswerHeaders`, made by `ownFragmentHeaders`).
    static func fragments(_ body: String, headers: HTTPHeaders) -> Response {
        Response(status: .ok, headers: headers, body: .text(body))
    }

    /// The headers of a page event's answer which only `frameAncestors` may frame: the same as
    /// `html`'s once the `Router` has added its own, made once per session (`KeptAnswerHeaders`),
    /// each session's list its own: a list shared by every session with these origins would have
    /// its reference count written by every worker thread answering any of them, the line passing
    /// between the cores.
    static func ownFragmentHeaders(frameAncestors: [String]) -> HTTPHeaders {
        fragmentHeaders(policy: frameAncestors.isEmpty ? nil : policies.field(frameAncestors: frameAncestors))
    }

    /// An HTML answer's headers as they leave the `Router`: what `html` sets (the type, and
    /// `policy` unless the baseline's is the one), then what `guarding` adds, in that order;
    /// `Compression` adds nothing to an uncompressed answer that says `no-store`.
    static func fragmentHeaders(policy: HTTPHeaders.Field?) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.reserveCapacity(baseline.count + 2)
        headers.append(htmlType)
        if let policy { headers.append(policy) }
        guarding(&headers)
        return headers.prepared()
    }

    /// An HTML page or fragments, which only `frameAncestors` may frame.
    static func html(_ body: String, status: HTTPStatus = .ok, frameAncestors: [String] = []) -> Response {
        var headers = HTTPHeaders()
        headers.reserveCapacity(baseline.count + 3)  // room for what `Router` adds
        headers.append(htmlType)
        if !frameAncestors.isEmpty { headers.append(policies.field(frameAncestors: frameAncestors)) }
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
}
