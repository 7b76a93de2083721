import CardEngine
import Mustache

/// Renders the gallery: each state's session is built and driven through the real engine, turned
/// into template data by the same `FormView` the server uses, and rendered by the `gallery`
/// template, which includes the state's own template with that data.
struct GalleryRenderer {
    let resources: FormResources
    let sections: [GallerySection]
    /// "This month" for expiry dates, fixed so the page is the same on every run.
    var clock: EngineClock = .fixed(year: 2026, month: 1)

    /// The page the index links to, next to it.
    static let galleryPage = "gallery.html"

    /// The templates a state can show, by the key the `gallery` template tests (`stateShows.cvv`).
    /// Named statically rather than through a dynamic partial, so that `cardform check` keeps
    /// seeing which templates are included.
    static let shown: [String: String] = [
        "blocks/card-number": "cardNumber", "blocks/card-network": "cardNetwork", "blocks/expiry-date": "expiryDate",
        "blocks/cvv": "cvv", "blocks/cardholder-name": "cardholderName", "blocks/submit-button": "submitButton",
        "sections/card-details": "cardDetails", "sections/billing-address": "billingAddress", "form": "form",
    ]

    /// `index.html` (every section and state, linked) and `gallery.html` (every state rendered).
    func render() throws(StaticSiteError) -> (index: String, gallery: String) {
        var rendered: [TemplateValue] = []
        for section in sections {
            var states: [TemplateValue] = []
            for state in section.states { states.append(try stateValue(state)) }
            rendered.append([
                "sectionId": .string(section.id), "sectionTitle": .string(section.title),
                "sectionNote": .string(section.note), "sectionStates": .list(states),
            ])
        }
        return (try page(rendered, isIndex: true), try page(rendered, isIndex: false))
    }

    /// The session a state describes, after its steps.
    func session(for state: GalleryState) throws(StaticSiteError) -> CardSession {
        let configuration: SessionConfiguration
        do {
            configuration = try SessionConfiguration.parse(Array(state.options.utf8))
        } catch {
            throw StaticSiteError(.resources, "gallery state \(state.id): \(error.message)")
        }
        let environment = SessionEnvironment(binLookup: BINTable.default, clock: clock, catalogs: resources.catalogs)
        var session = CardSession(id: "gallery", configuration: configuration, environment: environment)
        for step in state.steps { session.apply(step, in: environment) }
        return session
    }

    /// The template data for one state, as the server would render it, with asset URLs made
    /// relative to the gallery page.
    func data(for state: GalleryState, session: CardSession) -> TemplateValue {
        // Sample data, typed by the gallery itself: shown like the shopper's own entry.
        let context = PageContext(pageID: "gallery", noscript: state.noscript, cardFieldsShown: FieldSet(FieldType.allCases))
        let view = FormView(session: session, token: "gallery", resources: resources, context: context)
        let data = view.data().rebasingAssets(onto: "assets/")
        return state.showsCVV ? data.setting(true, at: ["fields", "cvv", "mask", "shown"]) : data
    }

    private func stateValue(_ state: GalleryState) throws(StaticSiteError) -> TemplateValue {
        guard let key = Self.shown[state.template] else {
            throw StaticSiteError(.template, "gallery state \(state.id): the gallery cannot show \(state.template)")
        }
        let session = try session(for: state)
        let pack = resources.pack(for: session.configuration.locale)
        return [
            "stateId": .string(state.id), "stateCaption": .string(state.caption),
            "stateTemplate": .string(state.template), "stateShows": [key: true], "stateIsForm": .bool(state.template == "form"),
            "stateFocused": .bool(session.focusedField != nil),
            "stateLang": .string(session.configuration.locale), "stateDir": .string(pack.isRightToLeft ? "rtl" : "ltr"),
            "stateData": data(for: state, session: session),
        ]
    }

    /// Everything the `gallery` template reads sits under `gallery` and `section…`/`state…` keys,
    /// names no form template uses, so a block never picks up a gallery value by accident.
    private func page(_ sections: [TemplateValue], isIndex: Bool) throws(StaticSiteError) -> String {
        var gallery: TemplateObject = [
            "title": "cardform gallery", "isIndex": .bool(isIndex), "page": .string(Self.galleryPage),
            "stylesheet": .string(relative(resources.assets.url(for: "cardform.css"))),
            "stateCount": .number(Double(self.sections.reduce(0) { $0 + $1.states.count })),
            "sections": .list(sections),
        ]
        if let css = resources.assets.url(for: "gallery.css") { gallery["galleryStylesheet"] = .string(relative(css)) }
        do {
            return try resources.templates.render("gallery", data: ["gallery": .object(gallery)])
        } catch {
            throw StaticSiteError(.template, "cannot render the gallery:\n\(error)")
        }
    }

    private func relative(_ url: String?) -> String {
        guard let url else { return "" }
        return url.hasPrefix("/") ? String(url.dropFirst()) : url
    }
}
