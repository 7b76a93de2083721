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
    /// Moved in from a record for a render and back out (`lending`), or a copy (`init`).
    private(set) var session: CardSession
    let resources: FormResources
    let pack: LanguagePack
    let token: String
    var context: PageContext

    init(session: CardSession, token: String, resources: FormResources, context: PageContext) {
        // The pack first: with the session stored first, reading its locale afterwards made the
        // optimizer copy the whole session into the view and destroy the parameter.
        self.pack = resources.pack(for: session.locale)
        self.session = session
        self.token = token
        self.resources = resources
        self.context = context
    }

    var configuration: SessionConfiguration { session.configuration }

    /// The page's `lang`: the language of the strings shown, in conventional casing (`zh-Hans`).
    var lang: String { pack.lang }

    /// The whole data object for `page` and `form`. `only` limits `fields` to one field (a block
    /// rendered alone that reads no other, see `BlockPlan`); `reading` limits the object to the
    /// top-level keys a template reads (`TemplateLibrary.rootKeys(readBy:)`), so a keystroke
    /// rendering one block builds none of the rest.
    func data(only: FieldType? = nil, reading keys: Set<String>? = nil) -> TemplateValue {
        var root = TemplateObject(minimumCapacity: keys?.count ?? Self.rootEntries.count)
        if let keys {
            for key in keys {
                guard let number = Self.rootNumbers[key] else { continue }
                let (name, entry) = Self.rootEntries[number]
                if let value = entry(self, only) { root[name] = value }
            }
        } else {
            for (name, entry) in Self.rootEntries {
                if let value = entry(self, only) { root[name] = value }
            }
        }
        return .object(root)
    }

    /// Every top-level key the data can hold.
    static var rootKeys: Set<String> { Set(rootNumbers.keys) }

    private typealias RootEntry = @Sendable (FormView, FieldType?) -> TemplateValue?

    /// Every top-level key of the data (Templates/README.md), and how it is built; nil leaves the
    /// key out. Keys hashed once, here: every render sets them all.
    private static let rootEntries: [(name: TemplateObject.HashedKey, entry: RootEntry)] = [
        entry("lang") { view, _ in .string(view.lang) },
        entry("dir") { view, _ in .string(view.pack.isRightToLeft ? "rtl" : "ltr") },
        entry("colorScheme") { view, _ in view.colorScheme },
        entry("title") { view, _ in .string(view.pack.string("ui.title") ?? "Payment") },
        entry("session") { view, _ in view.sessionData },
        entry("assets") { view, _ in view.assets },
        entry("formatRules") { view, _ in .string(view.resources.formatRules) },
        entry("t") { view, _ in view.pack.strings },
        entry("phase") { view, _ in view.data(.phase) },
        entry("isLoading") { view, _ in view.data(.isLoading) },
        entry("noscript") { view, _ in view.data(.noscript) },
        entry("dev") { view, _ in .bool(view.context.dev) },
        entry("fields") { view, only in view.fields(only: only) },
        entry("submit") { view, _ in view.data(.submit) },
        entry("errors") { view, _ in view.data(.errors) },
        entry("state") { view, _ in view.data(.state) },
        entry("cardNetwork") { view, _ in view.data(.cardNetwork) },
        entry("billing") { view, _ in view.billing },
        entry("result") { view, _ in view.data(.result) },
        entry("saveCard") { view, _ in view.data(.saveCard) },
    ]

    private static func entry(_ name: String, _ entry: @escaping RootEntry) -> (name: TemplateObject.HashedKey, entry: RootEntry) {
        (TemplateObject.HashedKey(name), entry)
    }

    /// Each top-level key's place in `rootEntries`.
    private static let rootNumbers: [String: Int] =
        Dictionary(uniqueKeysWithValues: rootEntries.enumerated().map { ($0.element.name.name, $0.offset) })

    private func fields(only: FieldType?) -> TemplateValue {
        let configured = configuration.configuredFields
        var fields = TemplateObject(minimumCapacity: only == nil ? configured.count : 1)
        for field in configured where only == nil || field == only { fields[Self.fieldKey(field)] = self.field(field) }
        return .object(fields)
    }

    private var sessionData: TemplateValue {
        var data = TemplateObject(minimumCapacity: 5)
        data[SessionKeys.id] = .string(session.id)
        data[SessionKeys.action] = .string("/s/" + session.id)
        data[SessionKeys.token] = .string(token)
        data[SessionKeys.page] = .string(context.pageID)
        data[SessionKeys.parentOrigins] = .string(Self.spaced(configuration.allowedOrigins))
        return .object(data)
    }

    /// `words` joined by spaces; most sessions allow one origin, which is taken as it is
    /// instead of being copied into a new string.
    private static func spaced(_ words: [String]) -> String {
        words.count == 1 ? words[0] : words.joined(separator: " ")
    }

    /// `session`'s keys, hashed once.
    private enum SessionKeys {
        static let id = TemplateObject.HashedKey("id")
        static let action = TemplateObject.HashedKey("action")
        static let token = TemplateObject.HashedKey("token")
        static let page = TemplateObject.HashedKey("page")
        static let parentOrigins = TemplateObject.HashedKey("parentOrigins")
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

extension FormView {
    /// `body` given the view of `record`'s own session for page `context`: the session is moved
    /// out of the record into the view, and back when `body` returns or throws, never copied (a
    /// copy retained each of its strings and lists, and released them after: ~25 atomic
    /// reference counts a keystroke). Meanwhile the record holds a stand-in
    /// (`CardSession(standingInFor:)`), which nothing can read: the record is under exclusive
    /// (`inout`) access for the whole lending, so `body` cannot name it.
    static func lending<Answer, Failure: Error>(
        _ record: inout SessionRecord, resources: FormResources, context: consuming PageContext,
        _ body: (inout FormView) throws(Failure) -> Answer
    ) throws(Failure) -> Answer {
        let lent = record.session.id
        var session = CardSession(standingInFor: record.session)
        swap(&session, &record.session)
        var view = FormView(session: consume session, token: record.token, resources: resources, context: context)
        defer {
            // `body` may change the view, not replace it: a view of another session would swap
            // that session into the record and drop the lent one.
            assert(view.session.id == lent && record.session.id.isEmpty, "the lent session comes back, over the stand-in")
            swap(&view.session, &record.session)
        }
        return try body(&view)
    }
}
