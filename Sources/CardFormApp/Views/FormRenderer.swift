import CardEngine
import CardFormSupport
import Mustache

/// Renders a session's whole page, or the fragments a page needs after an event.
struct FormRenderer {
    let resources: FormResources
    let dev: Bool
    /// Whether events re-render only the blocks their changes reach (`BlockPlan`); false renders
    /// the whole form for every event, as the differential test's reference does.
    var tracking = true

    init(resources: FormResources, dev: Bool, tracking: Bool = true) {
        self.resources = resources
        self.dev = dev
        self.tracking = tracking
    }

    /// The whole page, as page `pageID` (a new id); the record remembers what the page holds so
    /// that later events answer with differences only.
    func page(
        _ record: inout SessionRecord, pageID: String, noscript: Bool = false, announcement: Announcement? = nil
    ) throws(TemplateError) -> String {
        try record.answerPage(pageID) { page, _, record throws(TemplateError) in
            try withView(of: &record, pageID: pageID, noscript: noscript) { view throws(TemplateError) in
                try self.page(into: &page, view: &view, announcement: announcement)
            }
        }
    }

    /// `page`'s render from `view`, which leaves `page` holding the whole form.
    private func page(into page: inout PageState, view: inout FormView, announcement: Announcement?) throws(TemplateError) -> String {
        view.context.announcement = announcement.map(view.words) ?? ""
        let data = view.data()
        // The page's blocks are remembered from the `form` template's output as a keystroke
        // renders it, alone: taken from the page's own render when `page` includes it so
        // (unindented, from the root), else rendered again (a `page` that indents it).
        let (text, located) = try resources.templates.render("page", data: data, locating: "form")
        let formBytes: [UInt8]
        if let located { formBytes = located } else { formBytes = try render("form", data: data) }
        let form = BlockTree(bytes: formBytes)
        let own = form.ownHashes()
        let heard = view.context.announcement.isEmpty ? own : FragmentDiff.hashesOnceHeard(form, own)
        page.blocks = FragmentDiff.heldBlocks(of: form, own: own, heard: heard) { view.shownValue(for: $0) }
        page.keptFieldLeaf.holdsNoRepeatedKey = KeptFieldLeaf.holdsNoRepeatedKey(form)
        page.phase = view.session.phase.name
        return text
    }

    /// The `<template>` fragments for `page` after an event, which leaves `page` as the browser
    /// will hold it. `resync` (the page's copy is unknown or not the one we last sent) resends the
    /// whole form; `changes` says what the event may have changed: when only leaves of the
    /// `BlockPlan` depend on it, those leaves alone are rendered (`leafFragments`).
    func fragments(
        _ record: inout SessionRecord, page: inout PageState, resync: Bool, echo: FieldEcho?, announcement: Announcement? = nil,
        changes: ViewChanges = .everything
    ) throws(TemplateError) -> String {
        try withView(of: &record, pageID: page.id, noscript: false) { view throws(TemplateError) in
            try fragments(view: &view, page: &page, resync: resync, echo: echo, announcement: announcement, changes: changes)
        }
    }

    /// `fragments`, given the view of the record's session.
    private func fragments(
        view: inout FormView, page: inout PageState, resync: Bool, echo: FieldEcho?, announcement: Announcement?, changes: ViewChanges
    ) throws(TemplateError) -> String {
        // Said once, in this answer only: the page clears its live region itself once it has been
        // heard (cardform-announce.js), and is taken to hold it empty after this answer
        // (`FragmentDiff.hashesOnceHeard`), so no answer is spent on clearing it. A payment that
        // moved on since the page last heard is said first.
        var changes = changes
        if let announcement { view.context.announcement = view.words(for: announcement) }
        if page.phase != view.session.phase.name {
            view.context.announcement = view.phaseAnnouncement ?? view.context.announcement
            changes.insert(.phase)
            page.phase = view.session.phase.name
        }
        let announces = !view.context.announcement.isEmpty
        if announces { changes.insert(.announcement) }
        // A page the session changed behind (a PATCH, another page's event) gets the whole form.
        let isStale = page.isStale
        page.isStale = false
        if !resync, !isStale, let plan = tracking ? resources.blockPlan : nil, plan.restChanges.isDisjoint(with: changes),
           let body = try leafFragments(plan, changes: changes, view: view, page: &page, echo: echo, announces: announces) {
            return body
        }
        let tree = BlockTree(bytes: try render("form", data: view.data()))
        return FragmentDiff.respond(to: tree, page: &page, echo: echo, resync: resync, announces: announces)
    }

    /// A template's output as UTF-8, for `BlockTree`: no `String` in between.
    func render(_ name: String, data: TemplateValue) throws(TemplateError) -> [UInt8] {
        var bytes: [UInt8] = []
        try resources.templates.render(name, data: data, into: &bytes)
        return bytes
    }

    /// The page shown where there is no usable session: 404 (unknown) or 410 (expired).
    func unavailable(expired: Bool, locale: String) -> String {
        let pack = resources.pack(for: locale)
        let data: TemplateValue = [
            "lang": .string(pack.lang), "dir": .string(pack.isRightToLeft ? "rtl" : "ltr"), "t": pack.strings,
            "status": .number(expired ? 410 : 404), "phase": expired ? ["expired": true] : [:],
            "assets": ["css": .string(resources.assets.url(for: "cardform.css") ?? "")],
        ]
        return (try? resources.templates.render("unavailable", data: data)) ?? (expired ? "This payment link has expired." : "Not found.")
    }

    /// A view of a copy of `record`'s session, for tests: the renders here lend the session
    /// instead (`withView`).
    func view(_ record: SessionRecord, pageID: String, noscript: Bool, announcement: String) -> FormView {
        var shown = context(of: record, pageID: pageID, noscript: noscript)
        shown.announcement = announcement
        return FormView(session: record.session, token: record.token, resources: resources, context: shown)
    }

    /// `body` given the view of `record`'s own session as page `pageID` (`FormView.lending`).
    func withView<Answer>(
        of record: inout SessionRecord, pageID: String, noscript: Bool, _ body: (inout FormView) throws(TemplateError) -> Answer
    ) throws(TemplateError) -> Answer {
        try FormView.lending(&record, resources: resources, context: context(of: record, pageID: pageID, noscript: noscript), body)
    }

    private func context(of record: SessionRecord, pageID: String, noscript: Bool) -> PageContext {
        let session = record.session
        return PageContext(
            pageID: pageID,
            themeURL: ThemeStylesheet.hasVariables(session.configuration.appearance) ? "/s/\(session.id)/theme.css" : nil,
            noscript: noscript, dev: dev, cardFieldsShown: record.cardFields(enteredBy: pageID))
    }
}
