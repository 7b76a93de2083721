import CardEngine
import CardFormSupport
import HTTPServer
import Mustache
import Synchronization

/// The routes a form shell written by `cardform build` calls from its own origin (a CDN).
///
/// The shell page is opened as `https://cdn.example/en/#s=<session id>`; its script asks
/// `GET /shell/<id>` for the session's form, swaps it in, and then sends every event to
/// `/shell/<id>/input|network|submit|cancel` (and long-polls `/shell/<id>/events`). These answer
/// exactly what the `/s/<id>/…` routes answer, with CORS for the shell's origin.
///
/// Who may call: only a browser page whose `Origin` is one of the session's `allowedOrigins`, or
/// matches one of its patterns as CSP would (the merchant lists the CDN's origin there when it
/// creates the session). Any other origin, or none, is refused before the session changes: the
/// check runs first in the handler's one store call (`AppContext.lookup`), so an event reads the
/// session once. The form token is still required on every event.
/// The `/s/<id>/…` routes are left as they are: same-origin only.
struct ShellRoutes {
    let app: AppContext

    /// Hands the request's origin to the handler, whose store call checks it against the
    /// session's (`ShellCall`), then CORS on the answer and on refusals from an origin that
    /// passed. A refusal made before the handler's store call (a body that is not a form, or not a
    /// well-formed one) has the origin checked in a store call of its own, so an allowed page can
    /// read why it was refused; any other origin is a 403 without CORS headers, so the calling
    /// page learns nothing. An unknown session is refused with `unknown`.
    func allowedOrigin(unknown: Refusal) -> Middleware {
        Middleware { request, next throws(Refusal) in
            guard let origin = request.request.header(.origin) else { throw Self.originRefused }
            let call = ShellCall(origin: origin, unknown: unknown)
            // The `/s/<id>` handlers accept their own origin only; this one is checked against the
            // session's list, the stricter test, so it is not checked twice.
            request.request.headers.remove(.origin)
            request.shell = call
            // A checked origin is a plain one (`OriginPattern`), safe to echo in a header.
            let cors: HTTPHeaders = [.accessControlAllowOrigin: origin, .vary: "Origin"]
            var response: Response
            do throws(Refusal) {
                response = try next(&request)
            } catch {
                // Rare (the page script sends well-formed events), so the extra look-up costs
                // nothing on the keystroke path.
                if !call.wasLookedUp { _ = try? app.lookup(request) { _ in () } }
                guard call.isAdmitted else { throw error }
                var refusal = error
                for field in cors { refusal.headers.set(field.name, field.value) }
                throw refusal
            }
            // A handler that never looked the session up answers no unchecked origin.
            guard call.isAdmitted else { throw Self.originRefused }
            for field in cors { response.headers.set(field.name, field.value) }
            return response
        }
    }

    /// 403 without CORS headers: the calling page cannot read it, and learns nothing.
    static let originRefused = Refusal.json(.forbidden, "origin-not-allowed", "This origin may not use this session's form.")
    /// 404 for `GET /shell/<id>` of a session the store does not know: thrown by its store call
    /// (`ShellCall.unknown`), so the bootstrap never sees an unknown session itself.
    static let unknownSession = Refusal.json(.notFound, "not-found", "No session with this id.")

    /// `GET /shell/<id>` → `{action, token, page, lang, dir, title, colorScheme, theme?, html}`: the
    /// session's `form` rendered for a new page (later events answer in fragments for that page id),
    /// in the language the request settles (`settleLocale`).
    func bootstrap(_ request: RouteRequest) throws(Refusal) -> Response {
        let resources = app.resources
        let pageID = RandomToken.make128()
        let result = try app.lookup(request) { record in
            record.settleLocale(for: request.request, catalogs: resources.catalogs)
            return Result { () throws(TemplateError) in try Self.bootstrapJSON(&record, pageID: pageID, resources: resources) }
        }
        switch result {
        case .live(.success(let json)):
            return SecureResponse.json(json)
        case .live(.failure(let error)):
            throw Refusal(.template(error))
        case .expired(let record):
            let message = resources.pack(for: record.session.locale).string("unavailable.expiredMessage")
            throw .json(.gone, "expired", message ?? "This payment page has expired.")
        case .unknown:
            throw Self.unknownSession
        }
    }

    /// `OPTIONS /shell/<id>[/<event>]`: the browser's preflight before a request carrying the
    /// form token header. Answered for the session's allowed origins only.
    func preflight(_ request: RouteRequest) throws(Refusal) -> Response {
        _ = try app.lookup(request) { _ in () }
        return Response(status: .noContent, headers: [
            .accessControlAllowMethods: "GET, POST", .accessControlAllowHeaders: "X-CardForm-Token, X-CardForm-Page, Content-Type",
            .accessControlMaxAge: "600",
        ])
    }

    /// The form for a new page of the session, as JSON, remembered like a page load so that the
    /// next event answers only what changed.
    private static func bootstrapJSON(
        _ record: inout SessionRecord, pageID: String, resources: FormResources
    ) throws(TemplateError) -> JSONValue {
        let session = record.session
        let theme = ThemeStylesheet.hasVariables(session.configuration.appearance) ? "/s/\(session.id)/theme.css" : nil
        let view = FormView(
            session: session, token: record.token, resources: resources, context: PageContext(pageID: pageID, themeURL: theme))
        let html = try record.answerPage(pageID) { page, _, _ throws(TemplateError) in
            let html = try resources.templates.render("form", data: view.data())
            // Kept as a page load keeps them (`FormRenderer.page`), inner hashes included, so the
            // shell page's first edit of a block can go as its start tag alone.
            let tree = BlockTree(html: html)
            let own = tree.ownHashes()
            page.blocks = FragmentDiff.heldBlocks(of: tree, own: own, heard: own) { view.shownValue(for: $0) }
            return html
        }
        var members: [(key: String, value: JSONValue)] = [
            ("action", .string("/shell/\(session.id)")), ("token", .string(record.token)), ("page", .string(pageID)),
            ("lang", .string(view.lang)), ("dir", .string(view.pack.isRightToLeft ? "rtl" : "ltr")),
            ("title", .string(view.pack.string("ui.title") ?? "Payment")),
            ("colorScheme", .string(session.configuration.colorScheme.rawValue)),
        ]
        if let theme { members.append(("theme", .string(theme))) }
        members.append(("html", .string(html)))
        return .object(JSONObject(members))
    }
}

/// A shell's request as its handler's store call checks it: the `Origin` it came from, and what
/// answers it when the session is unknown. `isAdmitted` records that the origin passed, so that
/// `ShellRoutes.allowedOrigin` adds CORS only then: one per request, shared by the middleware
/// and the handler it calls (hence a class, for its identity).
final class ShellCall: Sendable {
    let origin: String
    let unknown: Refusal
    private let admitted = Atomic<Bool>(false)
    private let lookedUp = Atomic<Bool>(false)

    init(origin: String, unknown: Refusal) {
        self.origin = origin
        self.unknown = unknown
    }

    var isAdmitted: Bool { admitted.load(ordering: .acquiring) }

    /// Whether the handler's store call was made (`AppContext.lookup`), whatever it found: an
    /// unknown session or an unreachable store is not asked twice.
    var wasLookedUp: Bool { lookedUp.load(ordering: .acquiring) }

    /// Notes that the handler's store call is being made.
    func lookingUp() { lookedUp.store(true, ordering: .releasing) }

    /// Whether the origin is one of `record`'s allowed ones, matched as `frame-ancestors` matches
    /// (wildcards included). Noted either way: a store may run its body again on a fresher record,
    /// and the last answer is the one that stands.
    func admits(_ record: SessionRecord) -> Bool {
        let allowed = OriginPattern.allows(record.session.configuration.allowedOrigins, origin)
        admitted.store(allowed, ordering: .releasing)
        return allowed
    }
}
