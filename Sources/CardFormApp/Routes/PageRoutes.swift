import CardEngine
import HTTPServer
import Mustache

/// The whole page: opened directly or in an iframe, and posted whole without JavaScript.
struct PageRoutes {
    let app: AppContext
    private var access: BrowserAccess { BrowserAccess(app: app) }

    /// `GET /s/<id>`: the form page (a new page id; later events answer in fragments).
    func page(_ id: Substring, _ request: Request) -> Response {
        let entry: SessionEntry
        switch access.entry(id, request, requireToken: false) {
        case .ok(let live): entry = live
        case .refused(let response): return response
        }
        return render(entry) { _ in "" }
    }

    /// `POST /s/<id>`: the form posted without JavaScript. Every value is applied, then a pay
    /// (the default button), cancel (`_action=cancel`) or network change (`_action=network`); the
    /// answer is the page again, with every error listed.
    func postForm(_ id: Substring, _ request: Request) -> Response {
        let (form, entry): (FormFields, SessionEntry)
        switch access.post(id, request) {
        case .ok(let checked): (form, entry) = checked
        case .refused(let response): return response
        }
        var started: PaymentRequestDraft?
        let environment = app.environment
        let response = render(entry, noscript: true) { session in
            FormSubmission.apply(form, to: &session, in: environment)
            switch form["_action"] {
            case "cancel":
                session.cancel()
            case "network":
                break
            default:
                switch session.submit(in: environment) {
                case .rejected(let errors): return errors.first.map { session.message(for: $0, in: environment) } ?? ""
                case .startPayment(let draft): started = draft
                case .ignored: break
                }
            }
            return ""
        }
        if let started { app.payments.start(started, saveCard: form["saveCard"] != nil, for: entry) }
        return response
    }

    /// Runs `event` on the session under its lock (returning what to announce) and answers the page.
    private func render(
        _ entry: SessionEntry, noscript: Bool = false, _ event: (inout CardSession) -> String
    ) -> Response {
        let renderer = FormRenderer(resources: app.resources, dev: app.configuration.dev)
        let script = app.configuration.dev ? app.resources.assets.url(for: "dev-reload.js") : nil
        return access.answer(entry) { record throws(TemplateError) in
            let announcement = event(&record.session)
            let html = try renderer.page(entry, record: &record, noscript: noscript, announcement: announcement)
            return ErrorPage.withReloadScript(html, script)
        }
    }
}
