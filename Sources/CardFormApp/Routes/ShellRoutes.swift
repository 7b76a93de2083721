import CardEngine
import HTTPServer
import Mustache

/// The routes a form shell written by `cardform build` calls from its own origin (a CDN).
///
/// The shell page is opened as `https://cdn.example/en/#s=<session id>`; its script asks
/// `GET /shell/<id>` for the session's form, swaps it in, and then sends every event to
/// `/shell/<id>/input|network|submit|cancel` (and long-polls `/shell/<id>/events`). These answer
/// exactly what the `/s/<id>/…` routes answer, with CORS for the shell's origin.
///
/// Who may call: only a browser page whose `Origin` is one of the session's `allowedOrigins` (the
/// merchant lists the CDN's origin there when it creates the session). Any other origin, or none,
/// is refused before the session is touched; the form token is still required on every event.
/// The `/s/<id>/…` routes are left as they are: same-origin only.
struct ShellRoutes {
    let app: AppContext

    /// The events a shell forwards, by their last path segment.
    static let events: Set<Substring> = ["input", "network", "submit", "cancel", "events"]

    /// `GET /shell/<id>` → `{action, token, page, lang, dir, title, theme?, html}`: the session's
    /// `form` rendered for a new page (later events answer in fragments for that page id).
    func bootstrap(_ id: Substring, _ request: Request) -> Response {
        let entry: SessionEntry
        switch app.store.lookup(id) {
        case .unknown:
            return SecureResponse.jsonError("not-found", "No session with this id.", status: .notFound)
        case .expired(let expired):
            guard let origin = allowedOrigin(request, expired) else { return refusal() }
            let message = expired.state.withLock { app.resources.pack(for: $0.session.configuration.locale) }
                .string("unavailable.expiredMessage") ?? "This payment page has expired."
            return withCORS(SecureResponse.jsonError("expired", message, status: .gone), origin: origin)
        case .live(let live):
            entry = live
        }
        guard let origin = allowedOrigin(request, entry) else { return refusal() }
        let resources = app.resources
        let result = entry.state.withLock { record in
            Result { () throws(TemplateError) in try Self.bootstrapJSON(entry, &record, resources: resources) }
        }
        switch result {
        case .success(let json):
            return withCORS(SecureResponse.json(json), origin: origin)
        case .failure(let error):
            return withCORS(ErrorPage.response(for: error, dev: app.configuration.dev, logger: app.logger), origin: origin)
        }
    }

    /// `OPTIONS /shell/<id>[/<event>]`: the browser's preflight before a request carrying the
    /// form token header. Answered for the session's allowed origins only.
    func preflight(_ id: Substring, _ request: Request) -> Response {
        guard let entry = entry(id), let origin = allowedOrigin(request, entry) else { return refusal() }
        var headers = HTTPHeaders()
        headers.add("Access-Control-Allow-Methods", "GET, POST")
        headers.add("Access-Control-Allow-Headers", "X-CardForm-Token, Content-Type")
        headers.add("Access-Control-Max-Age", "600")
        headers.add("Cache-Control", "no-store")
        return withCORS(Response(status: .noContent, headers: headers), origin: origin)
    }

    /// `POST /shell/<id>/<event>` and `GET /shell/<id>/events`: the `/s/<id>/<event>` route's own
    /// answer, once the origin is known to be one the session allows.
    func event(_ id: Substring, _ name: Substring, _ request: Request) -> Response {
        guard let entry = entry(id), let origin = allowedOrigin(request, entry) else { return refusal() }
        // The browser routes accept their own origin only; this request's origin was just checked
        // against the session's list, which is the stricter test, so it is not checked twice.
        var forwarded = request
        forwarded.headers.remove("Origin")
        let fragments = FragmentRoutes(app: app)
        let response: Response
        switch name {
        case "input": response = fragments.input(id, forwarded)
        case "network": response = fragments.network(id, forwarded)
        case "submit": response = fragments.submit(id, forwarded)
        case "cancel": response = fragments.cancel(id, forwarded)
        default: response = fragments.events(id, forwarded)
        }
        return withCORS(response, origin: origin)
    }

    // MARK: - Shared

    /// The form for a new page of the session, as JSON, remembered like a page load so that the
    /// next event answers only what changed.
    private static func bootstrapJSON(
        _ entry: SessionEntry, _ record: inout SessionRecord, resources: FormResources
    ) throws(TemplateError) -> JSONValue {
        let session = record.session
        let pageID = RandomToken.make128()
        let theme = ThemeStylesheet.hasVariables(session.configuration.appearance) ? "/s/\(session.id)/theme.css" : nil
        let context = PageContext(pageID: pageID, themeURL: theme)
        let view = FormView(session: session, token: entry.token, resources: resources, context: context)
        let html = try resources.templates.render("form", data: view.data())
        var page = PageState(id: pageID)
        page.hashes = BlockTree(html: html).ownHashes()
        record.remember(page)
        var members: [(key: String, value: JSONValue)] = [
            ("action", .string("/shell/\(session.id)")), ("token", .string(entry.token)), ("page", .string(pageID)),
            ("lang", .string(session.configuration.locale)), ("dir", .string(view.pack.isRightToLeft ? "rtl" : "ltr")),
            ("title", .string(view.pack.string("ui.title") ?? "Payment")),
        ]
        if let theme { members.append(("theme", .string(theme))) }
        members.append(("html", .string(html)))
        return .object(JSONObject(members))
    }

    /// The live or expired session for `id`.
    private func entry(_ id: Substring) -> SessionEntry? {
        switch app.store.lookup(id) {
        case .live(let entry), .expired(let entry): entry
        case .unknown: nil
        }
    }

    /// The request's `Origin` when the session lists it in `allowedOrigins`; nil otherwise
    /// (including a request without `Origin`: only browsers on an allowed origin use a shell).
    private func allowedOrigin(_ request: Request, _ entry: SessionEntry) -> String? {
        guard let origin = request.headers["Origin"], SecureResponse.isPlainOrigin(origin) else { return nil }
        let allowed = entry.state.withLock { $0.session.configuration.allowedOrigins }
        return allowed.contains(origin) ? origin : nil
    }

    /// 403 without CORS headers: the calling page cannot read it, and learns nothing.
    private func refusal() -> Response {
        SecureResponse.jsonError("origin-not-allowed", "This origin may not use this session's form.", status: .forbidden)
    }

    /// `response` readable by `origin`'s page. `Vary: Origin` keeps a cache from handing one
    /// origin's answer to another.
    private func withCORS(_ response: Response, origin: String) -> Response {
        var response = response
        response.headers.set("Access-Control-Allow-Origin", origin)
        response.headers.add("Vary", "Origin")
        return response
    }
}

extension Route {
    /// `/shell/<id>`: `GET` the form, `OPTIONS` the preflight; `/shell/<id>/<event>`: `POST` an
    /// event (`GET` for `events`), `OPTIONS` its preflight. Nil for anything else.
    static func shell(_ method: HTTPMethod, _ parts: [Substring]) -> Route? {
        guard parts.first == "shell", parts.count == 2 || parts.count == 3 else { return nil }
        let id = parts[1]
        if parts.count == 3, !ShellRoutes.events.contains(parts[2]) { return nil }
        if method == .options { return .shellPreflight(id: id) }
        let isRead = method == .get || method == .head
        guard parts.count == 3 else { return isRead ? .shell(id: id) : nil }
        return (parts[2] == "events" ? isRead : method == .post) ? .shellEvent(id: id, event: parts[2]) : nil
    }
}
