import CardEngine
import CardFormSupport
import HTTPServer
import Mustache

/// The whole page: opened directly or in an iframe, and posted whole without JavaScript.
struct PageRoutes {
    let app: AppContext

    /// `GET /s/<id>`: the form page (a new page id; later events answer in fragments).
    func page(_ request: RouteRequest) throws(Refusal) -> Response {
        try render(request, with: app.loaded) { _, _ in EventEffect() }.response()
    }

    /// `POST /s/<id>`: the form posted without JavaScript. Every value is applied, then a pay
    /// (the default button), cancel (`_action=cancel`) or network change (`_action=network`); the
    /// answer is the page again, with every error listed, or once a payment started, with its
    /// outcome (`awaitingOutcome`).
    func postForm(_ request: RouteRequest) throws(Refusal) -> Response {
        let form = request.form
        // One read: the values are applied in the environment of the resources the page renders with.
        let loaded = app.loaded
        let environment = loaded.environment
        // The answer is a new page, which is shown the card values just posted and no others.
        let answer = try render(request, with: loaded, noscript: true) { record, pageID in
            switch form["_action"] {
            case "cancel":
                record.applyForm(form, from: pageID, in: environment)
                record.session.cancel()
                return EventEffect()
            case "network":
                record.applyForm(form, from: pageID, in: environment)
                return EventEffect()
            default:
                return record.submit(form, saveCard: form["saveCard"] != nil, from: pageID, in: environment)
            }
        }
        guard let payment = answer.payment else { return try answer.response() }
        app.payments.start(payment, sessionId: String(request.id))
        return awaitingOutcome(request, processing: try answer.response())
    }

    /// How long a post without JavaScript waits for the payment's outcome before answering the
    /// processing page, which refreshes itself (`page`'s `<noscript>` refresh) until it is known.
    static let outcomeWait = Duration.seconds(5)

    /// The answer to a post that started a payment: the page with the outcome as soon as it is
    /// known, waited for without holding a thread (as `/events` does); past `outcomeWait`, the
    /// processing page.
    private func awaitingOutcome(_ request: RouteRequest, processing: Response) -> Response {
        let (app, sessionId) = (app, String(request.id))
        return .deferred(timeout: Self.outcomeWait, fallback: processing) { completion in
            app.payments.waitForResult(sessionId: sessionId) {
                let response: Response
                do throws(Refusal) {
                    response = try PageRoutes(app: app).render(request, with: app.loaded, noscript: true) { _, _ in EventEffect() }.response()
                } catch {
                    response = error.response(app: app)
                }
                _ = completion.complete(response)
            }
            // The payment may have ended before the wait was registered.
            if (try? app.withLiveSession(sessionId[...], { $0.session.phase != .processing })) ?? true {
                app.payments.wake(sessionId)
            }
        }
    }

    /// Runs `event` on the session as the new page's and answers that whole page in the locale the
    /// request settles (`settleLocale`), announcing what `event` says. Everything comes from the
    /// one `loaded` set (under `--dev` a reload may swap it between two reads of `app.loaded`).
    private func render(
        _ request: RouteRequest, with loaded: AppContext.Loaded, noscript: Bool = false,
        _ event: (inout SessionRecord, _ pageID: String) -> EventEffect
    ) throws(Refusal) -> EventAnswer {
        let (resources, renderer) = (loaded.resources, loaded.renderer)
        let catalogs = resources.catalogs
        let script = renderer.dev ? resources.assets.url(for: "dev-reload.js") : nil
        let pageID = RandomToken.make128()
        func respond(_ record: inout SessionRecord) -> EventAnswer {
            record.settleLocale(for: request.request, catalogs: catalogs)
            let effect = event(&record, pageID)
            let html = Result { () throws(TemplateError) in
                ErrorPage.withReloadScript(
                    try renderer.page(&record, pageID: pageID, noscript: noscript, announcement: effect.announcement), script)
            }
            return EventAnswer(html: html, headers: record.eventAnswerHeaders(), payment: effect.payment)
        }
        return request.pageToken == nil ? try app.withLiveSession(request.id, respond) : try app.withPage(request, respond)
    }
}
