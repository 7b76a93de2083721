import CardEngine
import HTTPServer
import Mustache

/// The page script's routes: one event in, the changed blocks out (CONTRACT §3). `Access` has
/// checked the session, the origin and the form token.
struct FragmentRoutes {
    let app: AppContext

    /// `POST /s/<id>/input`: a keystroke, paste, focus or blur in one field.
    func input(_ request: RouteRequest) throws(Refusal) -> Response {
        try answer(request) { () throws(Refusal) in try PageEvent.input(request.form) }
    }

    /// `POST /s/<id>/network`: the shopper picks a co-badged network.
    func network(_ request: RouteRequest) throws(Refusal) -> Response {
        try answer(request) { () throws(Refusal) in try PageEvent.network(request.form) }
    }

    /// `POST /s/<id>/submit`: every posted value is applied, then the session checks everything
    /// and either shows every error or starts paying.
    func submit(_ request: RouteRequest) throws(Refusal) -> Response {
        try answer(request) { .submit(request.form, saveCard: request.form["saveCard"] != nil) }
    }

    /// `POST /s/<id>/cancel`: the shopper gives up (ignored while processing).
    func cancel(_ request: RouteRequest) throws(Refusal) -> Response {
        try answer(request) { .cancel }
    }

    /// `GET /s/<id>/events?rev=…` (the page in `X-CardForm-Page`, or `page=…` in the query): while
    /// a payment is processing, waits (long-poll, no thread held) until it ends, then answers the
    /// changed blocks; 204 after 25 s of nothing, and the page asks again. When nothing is
    /// processing it answers at once.
    func events(_ request: RouteRequest) throws(Refusal) -> Response {
        let id = request.id
        let isProcessing = try app.withPage(request) { $0.session.phase == .processing }
        _ = try PageAddress(query: request.form, headers: request.request.headers)  // a malformed poll is refused before it waits
        guard isProcessing else { return try answer(request, pageInHeader: true) { .poll } }
        let (app, sessionId) = (app, String(id))
        let isOver: @Sendable () -> Bool = {
            (try? app.withLiveSession(sessionId[...], { $0.session.phase != .processing })) ?? true
        }
        return .deferred(timeout: .seconds(25), fallback: Response(status: .noContent, headers: [.cacheControl: "no-store"])) { completion in
            app.payments.waitForResult(sessionId: sessionId) {
                let response: Response
                do throws(Refusal) {
                    response = try FragmentRoutes(app: app).answer(request, pageInHeader: true) { .poll }
                } catch {
                    response = error.response(app: app)
                }
                _ = completion.complete(response)
            }
            // The payment may have ended between the check above and the registration.
            if isOver() { app.payments.wake(sessionId) }
        }
    }

    /// Handles the event `parse` reads from the request on the session in one pass (one store
    /// call: a dead session or a wrong token is refused before a malformed event) and answers the
    /// page's fragments; a payment the event accepted starts once the session is let go.
    /// `pageInHeader`: the page may be named in `X-CardForm-Page` (the long-poll, a GET).
    private func answer(
        _ request: RouteRequest, pageInHeader: Bool = false, _ parse: () throws(Refusal) -> PageEvent
    ) throws(Refusal) -> Response {
        let loaded = app.loaded
        let answer = try app.withPage(request) { record in
            Result { () throws(Refusal) in
                let page = pageInHeader
                    ? try PageAddress(query: request.form, headers: request.request.headers, among: record.pages)
                    : try PageAddress(request.form, among: record.pages)
                let event = try parse()
                return record.handle(event, from: page, renderer: loaded.renderer, environment: loaded.environment)
            }
        }.get()
        if let payment = answer.payment { app.payments.start(payment, sessionId: String(request.id)) }
        return try answer.response()
    }
}
