import CardEngine
import HTTPServer
import Mustache

extension SessionRecord {
    /// Applies `event` from page `page` and answers the page's fragments, in one pass: the
    /// session changes, the page's bookkeeping follows the answer, and whatever must happen
    /// outside the record (a payment to start) is returned, not done. Free of side effects, so a
    /// store may run it again on a fresh copy.
    mutating func handle(
        _ event: PageEvent, from page: PageAddress, renderer: FormRenderer, environment: SessionEnvironment
    ) -> EventAnswer {
        var effect = EventEffect()
        // The page's id as the record holds it, when it does: the very string the page's state and
        // its card entries keep, so comparing them with it below is decided by identity, not by
        // reading both strings (page ids are too long to be stored inline).
        let known = pages.lastIndex { $0.id == page.id }
        let pageID = known.map { pages[$0].id } ?? page.id
        switch event {
        case .input(let input):
            // A retried or overtaken request older than what the page already sent changes nothing.
            if let seq = input.seq, let known, seq < pages[known].lastSeq {
                return EventAnswer(html: .success(""), headers: eventAnswerHeaders())
            }
            apply(input, from: pageID, in: environment, to: &effect)
        case .network(let network):
            let before = session.verdicts
            let changes = session.selectNetwork(network, in: environment)
            effect.changes = ViewChanges(changes, edited: nil, before: before, after: session.verdicts)
        case .submit(let form, let saveCard):
            effect = submit(form, saveCard: saveCard, from: pageID, in: environment)
        case .cancel:
            session.cancel()
        case .poll:
            break
        }
        // What the other open pages hold may no longer be what they would be shown (this page's
        // values and errors, a card field now shown only here): their next answers compare the
        // whole form.
        if case .poll = event {} else { markPagesStale(except: pageID) }
        return answer(pageID, of: page, after: effect, renderer: renderer)
    }

    /// The page's answer after an event whose `effect` is settled. The effect comes as a
    /// parameter, not read from the caller's variable in the closures below: read there, the echo
    /// and the announcement were each copied for the render (their strings retained, through
    /// their types' metadata) and destroyed after it. (Passed on as parameters of their own, they
    /// are copied as well: the closures must read them out of one borrowed value.)
    private mutating func answer(
        _ pageID: String, of page: PageAddress, after effect: EventEffect, renderer: FormRenderer
    ) -> EventAnswer {
        let fragments = Result { () throws(TemplateError) in
            try answerPage(pageID) { state, isKnown, record throws(TemplateError) in
                let body = try renderer.fragments(
                    &record, page: &state, resync: !isKnown || page.revision != state.revision, echo: effect.echo,
                    announcement: effect.announcement, changes: effect.changes)
                if let seq = effect.seq { state.lastSeq = max(state.lastSeq, seq) }
                return body
            }
        }
        return EventAnswer(html: fragments, headers: eventAnswerHeaders(), payment: effect.payment)
    }

    /// Every posted value applied as page `pageID`'s (autofill that fired no event is not lost),
    /// then the submit: either every error shows (their number announced) or the payment is to
    /// start. A co-badged card posted from a page that did not offer the network choice is not
    /// charged: the choice shows first (`FormSubmission.Outcome`).
    mutating func submit(_ form: FormFields, saveCard: Bool, from pageID: String, in environment: SessionEnvironment) -> EventEffect {
        var effect = EventEffect()
        guard applyForm(form, from: pageID, in: environment) == .applied else {
            // The choice appears with this answer; its guide text says what to do.
            effect.announcement = .networkChoice
            return effect
        }
        switch session.submit(in: environment) {
        case .rejected(let errors):
            effect.announcement = errors.isEmpty ? nil : .errorCount(errors.count)
        case .startPayment(let draft):
            effect.payment = PaymentStart(draft: draft, saveCard: saveCard, attempt: payments.begin())
        case .ignored:
            break
        }
        return effect
    }

    /// Who may frame the session's pages.
    var frameAncestors: [String] { session.configuration.allowedOrigins }

    /// The headers of a page event's answer, which only `frameAncestors` may frame: kept with the
    /// record, made again when the origins change.
    mutating func eventAnswerHeaders() -> HTTPHeaders {
        answerHeaders.headers(frameAncestors: session.configuration.allowedOrigins)
    }

    /// Applies one field's edit; `effect` (a fresh one) is filled in place, not returned, as it
    /// is large (a payment's draft rides in it) and copied whole when returned.
    private mutating func apply(
        _ input: PageEvent.FieldInput, from pageID: String, in environment: SessionEnvironment, to effect: inout EventEffect
    ) {
        let field = input.field
        let update = session.update(field, value: input.value, caret: input.caret, event: input.event, in: environment)
        if !update.wasIgnored { noteEntry(CollectionOfOne(field), by: pageID) }
        effect.seq = input.seq
        if !update.wasIgnored, FieldEcho.echoes(field) {
            effect.echo = FieldEcho(
                field, value: update.formatted.value, caret: update.formatted.caret, seq: input.seq ?? 0,
                isWhatWasSent: update.formatted.value == input.value && update.formatted.caret == input.caret)
        }
        // The edited field's error is announced when it appears or becomes another.
        if update.errorFields.contains(field), let error = session.fieldErrors.first(where: { $0.field == field }) {
            effect.announcement = .fieldError(error)
        }
        effect.changes = ViewChanges(update)
        if effect.announcement != nil { effect.changes.insert(.announcement) }
    }
}

/// What an event changed besides the session, for its answer.
struct EventEffect {
    /// The edited field's formatted value and caret.
    var echo: FieldEcho?
    /// What the live region is to say, if anything.
    var announcement: Announcement?
    var seq: Int?
    /// What the event may have changed in the view's data; submit, cancel and poll track nothing.
    var changes = ViewChanges.everything
    var payment: PaymentStart?
}
