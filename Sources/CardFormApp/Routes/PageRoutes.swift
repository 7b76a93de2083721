import CardEngine
import CardFormSupport
import HTTPServer
import Mustache

/// The whole page: opened directly or in an iframe, and posted whole without JavaScript.
struct PageRoutes {
    let app: AppContext

    /// `GET /s/<id>`: the form page (a new page id; later events answer in fragments).
    func page(_ request: RouteRequest) throws(Refusal) -> Response {
        try render(request) { _ in EventEffect() }.response()
    }

    /// `POST /s/<id>`: the form posted without JavaScript. Every value is applied, then a pay
    /// (the default button), cancel (`_action=cancel`) or network change (`_action=network`); the
    /// answer is the page again, with every error listed.
    func postForm(_ request: RouteRequest) throws(Refusal) -> Response {
        let form = request.form
        let environment = app.environment
        let answer = try render(request, noscript: true) { record in
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
        if let payment = answer.payment { app.payments.start(payment, sessionId: String(request.id)) }
        return try answer.response()
    }

    /// Runs `event` on the session and answers the whole page, announcing what `event` says; a
    /// request carrying the form token (the posted form) is checked and counts as activity.
    private func render(
        _ request: RouteRequest, noscript: Bool = false, _ event: (inout SessionRecord) -> EventEffect
    ) throws(Refusal) -> EventAnswer {
        let renderer = FormRenderer(resources: app.resources, dev: app.configuration.dev)
        let script = app.configuration.dev ? app.resources.assets.url(for: "dev-reload.js") : nil
        let pageID = RandomToken.make128()
        func respond(_ record: inout SessionRecord) -> EventAnswer {
            let effect = event(&record)
            let html = Result { () throws(TemplateError) in
                ErrorPage.withReloadScript(
                    try renderer.page(&record, pageID: pageID, noscript: noscript, announcement: effect.announcement), script)
            }
            return EventAnswer(html: html, frameAncestors: record.frameAncestors, payment: effect.payment)
        }
        return request.pageToken == nil ? try app.withLiveSession(request.id, respond) : try app.withPage(request, respond)
    }
}
