import CardEngine
import Mustache

/// What a page is rendered for, beyond the session: who is asking and how.
struct PageContext: Sendable {
    /// This page's id (hidden `_page`), from `PageState`.
    var pageID: String
    /// The theme stylesheet's URL when the session sets appearance variables.
    var themeURL: String?
    /// Whether the page answers a post made without JavaScript (every error listed).
    var noscript = false
    /// The message the live region announces now (the latest error that appeared), if any.
    var announcement = ""
    /// `--dev`: the live-reload script is added.
    var dev = false
    /// The card fields (`FieldType.isCardData`) whose values this page may be shown: those it
    /// entered itself (`SessionRecord.cardFields(enteredBy:)`), or sample data. Any other card
    /// field renders empty.
    var cardFieldsShown: FieldSet = []
}

/// The template data for one session's form: engine state turned into the shapes the templates
/// read (Templates/README.md lists them). Built fresh for every render; the parts that depend only
/// on the language (strings, country list) come precomputed from the `LanguagePack`.
struct FormView {
    let session: CardSession
    let resources: FormResources
    let pack: LanguagePack
    let token: String
    var context: PageContext

    init(session: CardSession, token: String, resources: FormResources, context: PageContext) {
        self.session = session
        self.token = token
        self.resources = resources
        self.pack = resources.pack(for: session.locale)
        self.context = context
    }

    var configuration: SessionConfiguration { session.configuration }

    /// The page's `lang`: the language of the strings shown, in conventional casing (`zh-Hans`).
    var lang: String { LanguageTag.canonical(pack.language) }

    /// The whole data object for `page` and `form`. `only` limits `fields` to one field (a block
    /// rendered alone that reads no other, see `BlockPlan`); `reading` limits the object to the
    /// top-level keys a template reads (`TemplateLibrary.rootKeys(readBy:)`), so a keystroke
    /// rendering one block builds none of the rest.
    func data(only: FieldType? = nil, reading keys: Set<String>? = nil) -> TemplateValue {
        var root: TemplateObject = [:]
        root.reserveCapacity(keys?.count ?? Self.rootEntries.count)
        if let keys {
            for key in keys {
                if let value = Self.rootEntries[key]?(self, only) { root[key] = value }
            }
        } else {
            for (key, entry) in Self.rootEntries {
                if let value = entry(self, only) { root[key] = value }
            }
        }
        return .object(root)
    }

    /// Every top-level key the data can hold.
    static var rootKeys: Set<String> { Set(rootEntries.keys) }

    /// Every top-level key of the data (Templates/README.md), and how it is built; nil leaves the
    /// key out.
    private static let rootEntries: [String: @Sendable (FormView, FieldType?) -> TemplateValue?] = [
        "lang": { view, _ in .string(view.lang) },
        "dir": { view, _ in .string(view.pack.isRightToLeft ? "rtl" : "ltr") },
        "colorScheme": { view, _ in view.colorScheme },
        "title": { view, _ in .string(view.pack.string("ui.title") ?? "Payment") },
        "session": { view, _ in view.sessionData },
        "assets": { view, _ in view.assets },
        "formatRules": { view, _ in .string(view.resources.formatRules) },
        "t": { view, _ in view.pack.strings },
        "phase": { view, _ in view.data(.phase) },
        "isLoading": { view, _ in view.data(.isLoading) },
        "noscript": { view, _ in view.data(.noscript) },
        "dev": { view, _ in .bool(view.context.dev) },
        "fields": { view, only in view.fields(only: only) },
        "submit": { view, _ in view.data(.submit) },
        "errors": { view, _ in view.data(.errors) },
        "state": { view, _ in view.data(.state) },
        "cardNetwork": { view, _ in view.data(.cardNetwork) },
        "billing": { view, _ in view.billing },
        "result": { view, _ in view.data(.result) },
        "saveCard": { view, _ in view.data(.saveCard) },
    ]

    private func fields(only: FieldType?) -> TemplateValue {
        var fields: TemplateObject = [:]
        for field in configuration.configuredFields where only == nil || field == only { fields[field.rawValue] = self.field(field) }
        return .object(fields)
    }

    private var sessionData: TemplateValue {
        [
            "id": .string(session.id), "action": .string("/s/\(session.id)"),
            "token": .string(token), "page": .string(context.pageID),
            "parentOrigins": .string(configuration.allowedOrigins.joined(separator: " ")),
        ]
    }

    private var billing: TemplateValue? {
        guard !configuration.activeBillingFields.isEmpty else { return nil }
        return ["legend": .string(pack.string("legend.billingAddress") ?? "")]
    }

    /// The page script's parts (Public/cardform.js says what each holds), in the order `page` loads
    /// them: plain deferred scripts, run in that order; the shell and the wiring run last.
    static let pageScripts = [
        "cardform-typing.js", "cardform-morph.js", "cardform-transport.js", "cardform-prediction.js",
        "cardform-parent.js", "cardform-announce.js", "cardform-field-events.js", "cardform-fields.js", "cardform-shell.js", "cardform.js",
    ]

    /// `scripts` lists every part; `js` and `typing` still name two of them for a `page` written
    /// before the split (loading only those, it keeps the plain post).
    private var assets: TemplateValue {
        var assets = resources.pageAssets
        if let theme = context.themeURL { assets["theme"] = .string(theme) }
        if context.dev, let reload = resources.assets.url(for: "dev-reload.js") { assets["devReload"] = .string(reload) }
        return .object(assets)
    }

    /// The part of `assets` every page of one set of resources shares (`FormResources.pageAssets`).
    static func pageAssets(_ store: AssetStore) -> TemplateObject {
        var assets: TemplateObject = [
            "css": .string(store.url(for: "cardform.css") ?? ""),
            "scripts": .list(pageScripts.compactMap { store.url(for: $0) }.map { .string($0) }),
            "js": .string(store.url(for: "cardform.js") ?? ""),
            "typing": .string(store.url(for: "cardform-typing.js") ?? ""),
        ]
        // Room for the theme and the reload script, so a page adding them copies without rehashing.
        assets.reserveCapacity(assets.count + 2)
        return assets
    }
}
