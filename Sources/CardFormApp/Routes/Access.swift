import CardFormSupport
import HTTPServer

/// Who may call a route, as middleware: each checks one kind of caller and refuses the rest.
struct Access {
    let app: AppContext

    /// The merchant's server: `Authorization: Bearer <secret key>`, else 401.
    var secretKey: Middleware {
        Middleware { [app] request, next throws(Refusal) in
            guard let key = app.configuration.secretKey else {
                throw .json(.unauthorized, "no-secret-key", "The server has no secret key configured (CARDFORM_SECRET_KEY).")
            }
            let header = request.request.header(.authorization) ?? ""
            guard header.hasPrefix("Bearer "), RandomToken.constantTimeEquals(String(header.dropFirst(7)), key) else {
                throw Refusal(
                    .json(.unauthorized, code: "unauthorized", message: "Send the secret key as \"Authorization: Bearer <key>\"."),
                    headers: [.wwwAuthenticate: "Bearer"])
            }
            return try next(&request)
        }
    }

    /// `--dev` only: 404 otherwise.
    var dev: Middleware {
        Middleware { [app] request, next throws(Refusal) in
            guard app.configuration.dev else { throw .notFound }
            return try next(&request)
        }
    }

    /// The page script's POSTs: a url-encoded form (415/400 otherwise), our own origin when the
    /// browser names one, else 403; the handler checks the session is live (410) and the form
    /// token (header or `_token`, else 403) in the same store call that answers.
    var formPost: Middleware {
        Middleware { [app] request, next throws(Refusal) in
            do throws(FormDecodingError) {
                request.form = try request.request.formFields()
            } catch where error.code == .unsupportedMediaType {
                throw Refusal(.text(.unsupportedMediaType, "expected application/x-www-form-urlencoded\n"))
            } catch {
                throw .badRequest("malformed form: \(error.code.rawValue)")
            }
            try Self.checkPage(&request, app: app)
            return try next(&request)
        }
    }

    /// `GET /s/<id>/events`: the query as the form, then the same checks as a POST, except that the
    /// token comes from the header only: a URL ends up in logs, histories and referrers.
    var pageQuery: Middleware {
        Middleware { [app] request, next throws(Refusal) in
            do throws(FormDecodingError) {
                request.form = try request.request.queryItems
            } catch {
                throw .badRequest("malformed query")
            }
            try Self.checkPage(&request, app: app, tokenInForm: false)
            return try next(&request)
        }
    }

    /// Our own origin, and the form token (also as the form's `_token` when `tokenInForm`) handed on: the handler's one store call checks it
    /// against the live session's (`AppContext.withPage`), so a keystroke reads the session once.
    private static func checkPage(_ request: inout RouteRequest, app: AppContext, tokenInForm: Bool = true) throws(Refusal) {
        if let origin = request.request.header(.origin) {
            // Behind a proxy ending TLS (deploy/nginx.conf) the browser's origin is https while
            // this server speaks http: the proxy says so. Trusting the header is safe here, as a
            // page on another site cannot add it to a shopper's request without a CORS preflight
            // we refuse. Looked up only for a request with an origin to compare.
            let scheme = request.request.header(.forwardedProto) ?? (app.configuration.tlsCert == nil ? "http" : "https")
            guard isOrigin(origin, scheme: scheme, host: request.request.header(.host) ?? "") else {
                throw .forbidden("cross-origin request refused")
            }
        }
        request.pageToken = request.request.header(.cardFormToken) ?? (tokenInForm ? request.form["_token"] : nil) ?? ""
    }

    /// Whether `origin` is exactly `scheme://host`, byte for byte (compared in place: the origin
    /// of every page event is checked, and building the expected text allocated each time).
    static func isOrigin(_ origin: String, scheme: String, host: String) -> Bool {
        let separator = "://".utf8
        var rest = origin.utf8[...]
        guard rest.count == scheme.utf8.count + separator.count + host.utf8.count, rest.starts(with: scheme.utf8) else { return false }
        rest = rest.dropFirst(scheme.utf8.count)
        guard rest.starts(with: separator) else { return false }
        return rest.dropFirst(separator.count).elementsEqual(host.utf8)
    }
}

extension HTTPHeaders.Name {
    /// The form token the page script sends with every event.
    static let cardFormToken: Self = "X-CardForm-Token"
    /// The page id the long-poll is for, kept out of its URL.
    static let cardFormPage: Self = "X-CardForm-Page"
    /// The scheme the client used, as a proxy in front reports it.
    static let forwardedProto: Self = "X-Forwarded-Proto"
}
