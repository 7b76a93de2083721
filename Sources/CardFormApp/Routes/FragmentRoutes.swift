import CardEngine
import HTTPServer
import Mustache

/// The page script's routes: one event in, the changed blocks out (CONTRACT §3).
struct FragmentRoutes {
    let app: AppContext
    private var access: BrowserAccess { BrowserAccess(app: app) }
    private var environment: SessionEnvironment { app.environment }

    /// `POST /s/<id>/input`: a keystroke, paste, focus or blur in one field.
    func input(_ id: Substring, _ request: Request) -> Response {
        handle(id, request) { form, record throws(BadInput) -> Outcome in
            guard let name = form["field"], let field = FieldType(rawValue: name) else { throw BadInput("unknown field") }
            guard let event = InputEvent(rawValue: form["event"] ?? "input") else { throw BadInput("unknown event") }
            let value = form["value"] ?? ""
            let caret = try form["caret"].map { text throws(BadInput) in
                guard let caret = Int(text) else { throw BadInput("caret must be a number") }
                return caret
            } ?? value.utf16.count
            let seq = try Self.sequence(form)
            // A retried or overtaken request older than what the page already sent changes nothing.
            if let seq, let last = record.page(form["page"] ?? "")?.lastSeq, seq < last { return Outcome() }
            let before = record.session.error(for: field)
            let update = record.session.update(field, value: value, caret: caret, event: event, in: environment)
            var outcome = Outcome(seq: seq)
            // The CVV's digits never travel back: the page keeps what the shopper typed.
            if !update.wasIgnored, field.spec.readBack != .never {
                outcome.echo = FieldEcho(field: name, value: update.formatted.value, caret: update.formatted.caret, seq: seq ?? 0)
            }
            if let error = record.session.fieldErrors.first(where: { $0.field == field }), error.issue != before {
                outcome.announcement = record.session.message(for: error, in: environment)
            }
            if !update.wasIgnored, update.changes.subtracting([.value, .focus]).isEmpty { outcome.onlyField = field }
            return outcome
        }
    }

    /// `POST /s/<id>/network`: the shopper picks a co-badged network.
    func network(_ id: Substring, _ request: Request) -> Response {
        handle(id, request) { form, record throws(BadInput) -> Outcome in
            guard let network = form["network"].flatMap(CardNetwork.init(rawValue:)) else { throw BadInput("unknown network") }
            record.session.selectNetwork(network, in: environment)
            return Outcome()
        }
    }

    /// `POST /s/<id>/submit`: every posted value is applied (autofill that fired no event is not
    /// lost), then the session checks everything and either shows every error or starts paying.
    func submit(_ id: Substring, _ request: Request) -> Response {
        var started: PaymentRequestDraft?
        var entryForPayment: SessionEntry?
        var saveCard = false
        let response = handle(id, request) { form, record throws(BadInput) -> Outcome in
            FormSubmission.apply(form, to: &record.session, in: environment)
            saveCard = form["saveCard"] != nil
            var outcome = Outcome()
            switch record.session.submit(in: environment) {
            case .rejected(let errors):
                outcome.announcement = errors.first.map { record.session.message(for: $0, in: environment) } ?? ""
            case .startPayment(let draft):
                started = draft
            case .ignored:
                break
            }
            return outcome
        } onEntry: { entryForPayment = $0 }
        if let draft = started, let entry = entryForPayment { app.payments.start(draft, saveCard: saveCard, for: entry) }
        return response
    }

    /// `POST /s/<id>/cancel`: the shopper gives up (ignored while processing).
    func cancel(_ id: Substring, _ request: Request) -> Response {
        handle(id, request) { _, record throws(BadInput) -> Outcome in
            record.session.cancel()
            return Outcome()
        }
    }

    /// `GET /s/<id>/events?page=…&rev=…`: while a payment is processing, waits (long-poll, no
    /// thread held) until it ends, then answers the changed blocks; 204 after 25 s of nothing, and
    /// the page asks again. When nothing is processing it answers at once.
    func events(_ id: Substring, _ request: Request) -> Response {
        let query: FormFields
        do { query = try request.queryItems } catch {
            return SecureResponse.text("malformed query\n", status: .badRequest)
        }
        let entry: SessionEntry
        switch access.entry(id, request, form: query, requireToken: true) {
        case .ok(let live): entry = live
        case .refused(let response): return response
        }
        guard let pageID = query["page"], RandomToken.isWellFormed(pageID[...]) else {
            return SecureResponse.text("missing or malformed page id\n", status: .badRequest)
        }
        let revision = query["rev"].flatMap { Int($0) }
        let answer: @Sendable () -> Response = { [app] in
            FragmentRoutes(app: app).fragmentsNow(entry, pageID: pageID, revision: revision)
        }
        guard entry.state.withLock({ $0.session.phase == .processing }) else { return answer() }
        let payments = app.payments
        return .deferred(timeout: .seconds(25), fallback: Response(status: .noContent, headers: ["Cache-Control": "no-store"])) { completion in
            payments.waitForResult(sessionId: entry.id) { _ = completion.complete(answer()) }
            // The payment may have ended between the check above and the registration.
            if entry.state.withLock({ $0.session.phase != .processing }) { payments.wake(entry.id) }
        }
    }

    /// The fragments a page needs now, with no event applied.
    func fragmentsNow(_ entry: SessionEntry, pageID: String, revision: Int?) -> Response {
        let renderer = FormRenderer(resources: app.resources, dev: app.configuration.dev)
        return access.answer(entry) { record throws(TemplateError) in
            try renderer.fragments(entry, record: &record, pageID: pageID, revision: revision, echo: nil)
        }
    }

    // MARK: - Shared

    /// What an event changes besides the session: the echo for the edited field and what the live
    /// region says.
    struct Outcome {
        var echo: FieldEcho?
        var announcement = ""
        var seq: Int?
        /// Set when nothing but this field's value changed: its block may be rendered alone.
        var onlyField: FieldType?
    }

    /// A request the page script would never send: 400 with the reason.
    struct BadInput: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Checks the request, runs `event` on the session under its lock, and answers the fragments.
    private func handle(
        _ id: Substring, _ request: Request,
        _ event: (FormFields, inout SessionRecord) throws(BadInput) -> Outcome,
        onEntry: (SessionEntry) -> Void = { _ in }
    ) -> Response {
        let (form, entry): (FormFields, SessionEntry)
        switch access.post(id, request) {
        case .ok(let checked): (form, entry) = checked
        case .refused(let response): return response
        }
        guard let pageID = form["page"], RandomToken.isWellFormed(pageID[...]) else {
            return SecureResponse.text("missing or malformed page id\n", status: .badRequest)
        }
        let revision = form["rev"].flatMap { Int($0) }
        let renderer = FormRenderer(resources: app.resources, dev: app.configuration.dev)
        var refusal: BadInput?
        let response = access.answer(entry) { record throws(TemplateError) in
            let attempt = Result { () throws(BadInput) in try event(form, &record) }
            guard case .success(let outcome) = attempt else {
                if case .failure(let error) = attempt { refusal = error }
                return ""
            }
            let body = try renderer.fragments(
                entry, record: &record, pageID: pageID, revision: revision, echo: outcome.echo,
                announcement: outcome.announcement, onlyField: outcome.onlyField)
            if let seq = outcome.seq, var page = record.page(pageID) {
                page.lastSeq = max(page.lastSeq, seq)
                record.remember(page)
            }
            return body
        }
        if let refusal { return SecureResponse.text(refusal.reason + "\n", status: .badRequest) }
        onEntry(entry)
        return response
    }

    private static func sequence(_ form: FormFields) throws(BadInput) -> Int? {
        guard let text = form["seq"] else { return nil }
        guard let seq = Int(text), seq >= 0 else { throw BadInput("seq must be a number") }
        return seq
    }
}
