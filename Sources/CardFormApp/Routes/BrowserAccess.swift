import HTTPServer
import Mustache

/// The checks every browser route makes before touching a session: it exists and is live, the
/// request comes from our own origin (when the browser says), and it carries the form token.
struct BrowserAccess {
    let app: AppContext

    /// A live session for `id`, or the response that refuses the request: the unavailable page
    /// (404 unknown, 410 expired), 403 for a wrong origin or token.
    func entry(_ id: Substring, _ request: Request, form: FormFields? = nil, requireToken: Bool) -> Checked<SessionEntry> {
        let entry: SessionEntry
        switch app.store.lookup(id) {
        case .unknown:
            return .refused(unavailable(expired: false, locale: "en"))
        case .expired(let expired):
            let locale = expired.state.withLock { $0.session.configuration.locale }
            return .refused(unavailable(expired: true, locale: locale))
        case .live(let live):
            entry = live
        }
        guard requireToken else { return .ok(entry) }
        if let origin = request.headers["Origin"], origin != ownOrigin(request) {
            return .refused(SecureResponse.text("cross-origin request refused\n", status: .forbidden))
        }
        let token = request.headers["X-CardForm-Token"] ?? form?["_token"] ?? ""
        guard RandomToken.constantTimeEquals(token, entry.token) else {
            return .refused(SecureResponse.text("missing or wrong form token\n", status: .forbidden))
        }
        return .ok(entry)
    }

    /// A browser POST's form and its live session, with every check made (see `entry`).
    func post(_ id: Substring, _ request: Request) -> Checked<(form: FormFields, entry: SessionEntry)> {
        switch form(request) {
        case .refused(let response):
            return .refused(response)
        case .ok(let form):
            switch entry(id, request, form: form, requireToken: true) {
            case .refused(let response): return .refused(response)
            case .ok(let entry): return .ok((form, entry))
            }
        }
    }

    /// The form fields of a browser POST, or a 400/415 response.
    func form(_ request: Request) -> Checked<FormFields> {
        do {
            return .ok(try request.formFields())
        } catch where error.code == .unsupportedMediaType {
            return .refused(SecureResponse.text("expected application/x-www-form-urlencoded\n", status: .unsupportedMediaType))
        } catch {
            return .refused(SecureResponse.text("malformed form: \(error.code.rawValue)\n", status: .badRequest))
        }
    }

    /// Runs `render` on the session under its lock and answers its HTML, framed only by the
    /// session's allowed origins; a template that fails answers the error page instead.
    func answer(
        _ entry: SessionEntry, _ render: (inout SessionRecord) throws(TemplateError) -> String
    ) -> Response {
        let result = entry.state.withLock { record in
            Result { () throws(TemplateError) in (try render(&record), record.session.configuration.allowedOrigins) }
        }
        switch result {
        case .success(let (html, origins)): return SecureResponse.html(html, frameAncestors: origins)
        case .failure(let error): return ErrorPage.response(for: error, dev: app.configuration.dev, logger: app.logger)
        }
    }

    func unavailable(expired: Bool, locale: String) -> Response {
        let html = FormRenderer(resources: app.resources, dev: app.configuration.dev).unavailable(expired: expired, locale: locale)
        return SecureResponse.html(html, status: expired ? .gone : .notFound)
    }

    /// `http://host:port` as the browser sees us (`https` when the server terminates TLS).
    private func ownOrigin(_ request: Request) -> String {
        let scheme = app.configuration.tlsCert == nil ? "http" : "https"
        return "\(scheme)://\(request.headers["Host"] ?? "")"
    }
}

/// A value, or the response that refuses the request.
enum Checked<Value> {
    case ok(Value)
    case refused(Response)
}
