import CardEngine
import CardFormSupport
import HTTPServer
import Mustache

/// The whole page: opened directly or in an iframe, and posted whole without JavaScript.
struct PageRoutes {
    let app: AppContext

    /// `GET /s/<id>`: the form page (a new page id; later events answer in fragments).
    func page(_ request: RouteRequest) throws(Refusal) -> Response {
        try render(request.id) { _ in EventEffect() }.response()
    }

    /// `POST /s/<id>`: the form posted without JavaScript. Every value is applied, then a pay
    /// (the default button), cancel (`_action=cancel`) or network change (`_action=network`); the
    /// answer is the page again, with every error listed, or once a payment started, with its
    /// outcome (`awaitingOutcome`).
    func postForm(_ request: RouteRequest) throws(Refusal) -> Response {
        let form = request.form
        let environment = app.environment
        let answer = try render(request.id, noscript: true) { record in
            switch form["_action"] {
            case "cancel":
                FormSubmission.apply(form, to: &record.session, in: environment)
                record.session.cancel()
                return EventEffect()
            case "network":
                FormSubmission.apply(form, to: &record.session, in: environment)
                return EventEffect()
            default:
                return record.submit(form, saveCard: form["saveCard"] != nil, in: environment)
            }
        }
        guard let payment = answer.payment else { return try answer.response() }
        app.payments.start(payment, sessionId: String(request.id))
        return awaitingOutcome(request.id, processing: try answer.response())
    }

    /// How long a post without JavaScript waits for the payment's outcome before answering the
    /// processing page, which refreshes itself (`page`'s `<noscript>` refresh) until it is known.
    static let outcomeWait = Duration.seconds(5)

    /// The answer to a post that started a payment: the page with the outcome as soon as it is
    /// known, waited for without holding a thread (as `/events` does); past `outcomeWait`, the
    /// processing page.
    private func awaitingOutcome(_ id: Substring, processing: Response) -> Response {
        let (app, sessionId) = (app, String(id))
        return .deferred(timeout: Self.outcomeWait, fallback: processing) { completion in
            app.payments.waitForResult(sessionId: sessionId) {
                let response: Response
                do throws(Refusal) {
                    response = try PageRoutes(app: app).render(sessionId[...], noscript: true) { _ in EventEffect() }.response()
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

    /// Runs `event` on the session and answers the whole page, announcing what `event` says.
    private func render(
        _ id: Substring, noscript: Bool = false, _ event: (inout SessionRecord) -> EventEffect
    ) throws(Refusal) -> EventAnswer {
        let renderer = FormRenderer(resources: app.resources, dev: app.configuration.dev)
        let script = app.configuration.dev ? app.resources.assets.url(for: "dev-reload.js") : nil
        let pageID = RandomToken.make128()
        return try app.withLiveSession(id) { record in
            let effect = event(&record)
            let html = Result { () throws(TemplateError) in
                ErrorPage.withReloadScript(
                    try renderer.page(&record, pageID: pageID, noscript: noscript, announcement: effect.announcement), script)
            }
            return EventAnswer(html: html, frameAncestors: record.frameAncestors, payment: effect.payment)
        }
    }
}
