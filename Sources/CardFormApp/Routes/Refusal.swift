import CardEngine
import HTTPServer
import Mustache

/// Why a request is not answered as asked. Middleware and handlers throw it; the `Router` turns it
/// into a response in one place (`response(app:)`), where the security headers are added like on
/// any other answer.
struct Refusal: Error {
    enum Reason {
        /// Plain text, for the page script's routes ("missing or wrong form token").
        case text(HTTPStatus, String)
        /// `{"error": {"code", "message", "field"}}` (CONTRACT §3), for the API and the shell routes.
        case json(HTTPStatus, code: String, message: String, field: String? = nil)
        /// The `unavailable` page in the session's language (nil: no session, so the browser's
        /// `Accept-Language` chooses): 404 unknown, 410 expired.
        case unavailable(expired: Bool, locale: String?)
        /// 405, with the methods the path takes (`Allow`).
        case methodNotAllowed([HTTPMethod])
        /// A template failed while rendering: 500, the error page (`--dev`: the error as printed).
        case template(TemplateError)
        /// The session store failed.
        case store(StoreError)
    }

    var reason: Reason
    /// Headers the answer carries besides the security headers (CORS, `WWW-Authenticate`).
    var headers = HTTPHeaders()

    init(_ reason: Reason, headers: HTTPHeaders = HTTPHeaders()) {
        self.reason = reason
        self.headers = headers
    }

    static func badRequest(_ why: String) -> Refusal { Refusal(.text(.badRequest, why + "\n")) }
    static func forbidden(_ why: String) -> Refusal { Refusal(.text(.forbidden, why + "\n")) }
    static let notFound = Refusal(.text(.notFound, "not found\n"))

    static func json(_ status: HTTPStatus, _ code: String, _ message: String, field: String? = nil) -> Refusal {
        Refusal(.json(status, code: code, message: message, field: field))
    }

    /// The answer: the reason's body and status, with `headers` added.
    func response(app: AppContext, acceptLanguage: String? = nil) -> Response {
        var response: Response
        switch reason {
        case .text(let status, let text):
            response = SecureResponse.text(text, status: status)
        case .json(let status, let code, let message, let field):
            response = SecureResponse.jsonError(code, message, field: field, status: status)
        case .unavailable(let expired, let locale):
            let loaded = app.loaded
            let shown = locale ?? loaded.resources.catalogs.usedLocale(for: SessionConfiguration(), acceptLanguage: acceptLanguage)
            let html = loaded.renderer.unavailable(expired: expired, locale: shown)
            response = SecureResponse.html(html, status: expired ? .gone : .notFound)
        case .methodNotAllowed(let methods):
            response = SecureResponse.text("method not allowed\n", status: .methodNotAllowed)
            response.headers.add(.allow, methods.map(\.rawValue).joined(separator: ", "))
        case .template(let error):
            response = ErrorPage.response(for: error, dev: app.configuration.dev, logger: app.logger)
        case .store(.full):
            app.storeFailed(.full, during: "request")
            // Idle sessions are retired by a sweep at least every 30 s: room may come by then.
            response = SecureResponse.jsonError(
                "too-many-sessions", "The server holds as many sessions as it may; try again later.", status: .serviceUnavailable)
            response.headers.set(.retryAfter, "30")
        case .store(let error):
            // Redis unreachable, or a record this instance cannot read (`storeFailed` tells them
            // apart in the log and the metrics). The shopper's answer is the same: the page script
            // retries a 503, and the retry can land on an instance that reads it (a newer build).
            app.storeFailed(error, during: "request")
            response = SecureResponse.jsonError(
                "store-unavailable", "Sessions cannot be reached right now; try again shortly.", status: .serviceUnavailable)
            response.headers.set(.retryAfter, "5")
        }
        for field in headers { response.headers.set(field.name, field.value) }
        return response
    }
}
