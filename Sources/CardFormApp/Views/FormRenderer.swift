import CardEngine
import CardFormSupport
import Mustache

/// Renders a session's whole page, or the fragments a page needs after an event.
struct FormRenderer {
    let resources: FormResources
    let dev: Bool

    /// The whole page, as page `pageID` (a new id); the record remembers what the page holds so
    /// that later events answer with differences only.
    func page(
        _ record: inout SessionRecord, pageID: String, noscript: Bool = false, announcement: Announcement? = nil
    ) throws(TemplateError) -> String {
        try record.answerPage(pageID) { page, _, record throws(TemplateError) in
            let words = announcement.map { view(record, pageID: pageID, noscript: noscript).words(for: $0) } ?? ""
            let data = view(record, pageID: pageID, noscript: noscript, announcement: words).data()
            // The page's blocks are remembered from the `form` template rendered alone: `page` may
            // indent it, and a keystroke's render is of `form` alone too.
            let form = try resources.templates.render("form", data: data)
            page.hashes = BlockTree(html: form).ownHashes()
            page.phase = record.session.phase.name
            return try resources.templates.render("page", data: data)
        }
    }

    /// The `<template>` fragments for `page` after an event, which leaves `page` as the browser
    /// will hold it. `resync` (the page's copy is unknown or not the one we last sent) resends the
    /// whole form; `onlyField` says the event changed nothing but that field's value (see
    /// `FieldIndependence`).
    func fragments(
        _ record: SessionRecord, page: inout PageState, resync: Bool, echo: FieldEcho?, announcement: Announcement? = nil,
        onlyField: FieldType? = nil
    ) throws(TemplateError) -> String {
        // Said once, in this answer only: the page clears its live region itself once it has been
        // heard (cardform-announce.js), so nothing stale stays there. A payment that moved on since
        // the page last heard is said first.
        var words = ""
        let phaseMoved = page.phase != record.session.phase.name
        if announcement != nil || phaseMoved {
            let plain = view(record, pageID: page.id, noscript: false)
            words = announcement.map { plain.words(for: $0) } ?? ""
            if phaseMoved { words = plain.phaseAnnouncement ?? words }
            page.phase = record.session.phase.name
        }
        let view = view(record, pageID: page.id, noscript: false, announcement: words)
        let isStale = page.isStale
        page.isStale = false
        if !resync, !isStale, words.isEmpty, let field = onlyField,
           let body = try fieldBlockAlone(field, view: view, page: &page, echo: echo) {
            return body
        }
        let tree = BlockTree(bytes: try render("form", data: view.data()))
        let (body, next) = FragmentDiff.respond(to: tree, page: page, echo: echo, resync: resync)
        page = next
        return body
    }

    /// The edited field's block rendered on its own, when its template alone reads its data
    /// (`FieldIndependence`) and the page holds exactly one block of that name (an empty answer
    /// when even that block is unchanged, as a CVV keystroke leaves it); nil sends the caller to
    /// the whole-form render.
    func fieldBlockAlone(
        _ field: FieldType, view: FormView, page: inout PageState, echo: FieldEcho?
    ) throws(TemplateError) -> String? {
        let key = field.rawValue
        guard let reads = resources.independentFields[field], page.hashes[key] != nil, page.hashes[key + "#2"] == nil,
              let tree = try block(field, view: view, reading: reads)
        else { return nil }
        let (body, answered) = FragmentDiff.respond(to: tree, page: page, echo: echo, resync: false)
        // Only this block was rendered: every other block keeps what the page already holds.
        var hashes = page.hashes
        page = answered
        hashes[key] = answered.hashes[key]
        page.hashes = hashes
        return body
    }

    /// The field's block alone, from `BlockMemo` when its value can be filled in there, else
    /// rendered and scanned; nil when the render is not exactly that one block.
    private func block(_ field: FieldType, view: FormView, reading keys: Set<String>) throws(TemplateError) -> BlockTree? {
        let value = view.shownValue(for: field)
        guard keys.isSubset(of: Self.memoReads), BlockMemo.canFill(value) else {
            return try renderedBlock(field, data: view.data(only: field, reading: keys))
        }
        let state = view.fieldState(field)
        let memoKey = BlockMemo.Key(field: field, language: view.pack.language, state: state)
        let entry: BlockMemo.Entry
        if let known = resources.blockMemo.entry(for: memoKey) {
            entry = known
        } else {
            let data = view.fieldBlockData(field, state: state, value: BlockMemo.standIn)
            guard let tree = try renderedBlock(field, data: data) else { return nil }
            entry = BlockMemo.Entry(cutting: tree.html, block: tree.blocks[0].range)
            resources.blockMemo.remember(entry, for: memoKey)
        }
        let (html, range) = entry.filled(with: value)
        return BlockTree(bytes: html, block: field.rawValue, range: range)
    }

    /// What a block may read and still be kept in `BlockMemo`: its field's data (a function of
    /// the field's state, the language and the value) and the language's strings.
    private static let memoReads: Set<String> = ["fields", "t"]

    /// The field's block rendered and scanned: exactly that block, wrapping all it renders (this
    /// render updates no other block), or nil.
    private func renderedBlock(_ field: FieldType, data: TemplateValue) throws(TemplateError) -> BlockTree? {
        let tree = BlockTree(bytes: try render("blocks/" + field.spec.blockName, data: data))
        guard tree.blocks.count == 1, tree.blocks[0].key == field.rawValue, tree.wrapsEverything(0) else { return nil }
        return tree
    }

    /// A template's output as UTF-8, for `BlockTree`: no `String` in between.
    private func render(_ name: String, data: TemplateValue) throws(TemplateError) -> [UInt8] {
        var bytes: [UInt8] = []
        try resources.templates.render(name, data: data, into: &bytes)
        return bytes
    }

    /// The page shown where there is no usable session: 404 (unknown) or 410 (expired).
    func unavailable(expired: Bool, locale: String) -> String {
        let pack = resources.pack(for: locale)
        let data: TemplateValue = [
            "lang": .string(LanguageTag.canonical(pack.language)), "dir": .string(pack.isRightToLeft ? "rtl" : "ltr"), "t": pack.strings,
            "status": .number(expired ? 410 : 404), "phase": expired ? ["expired": true] : [:],
            "assets": ["css": .string(resources.assets.url(for: "cardform.css") ?? "")],
        ]
        return (try? resources.templates.render("unavailable", data: data)) ?? (expired ? "This payment link has expired." : "Not found.")
    }

    private func view(_ record: SessionRecord, pageID: String, noscript: Bool, announcement: String = "") -> FormView {
        let session = record.session
        let context = PageContext(
            pageID: pageID,
            themeURL: ThemeStylesheet.hasVariables(session.configuration.appearance) ? "/s/\(session.id)/theme.css" : nil,
            noscript: noscript, announcement: announcement, dev: dev, cardFieldsShown: record.cardFields(enteredBy: pageID))
        return FormView(session: session, token: record.token, resources: resources, context: context)
    }
}
