import CardEngine
import Mustache
import Payments

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
        "phase": { view, _ in [view.session.phase.name.rawValue: true] },
        "isLoading": { view, _ in .bool(view.session.isLoading) },
        "noscript": { view, _ in .bool(view.context.noscript) },
        "dev": { view, _ in .bool(view.context.dev) },
        "fields": { view, only in view.fields(only: only) },
        "submit": { view, _ in view.submit },
        "errors": { view, _ in view.errors },
        "state": { view, _ in view.state },
        "cardNetwork": { view, _ in view.cardNetwork },
        "billing": { view, _ in view.billing },
        "result": { view, _ in view.result },
        "saveCard": { view, _ in view.saveCard },
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

    private var saveCard: TemplateValue? {
        guard configuration.customerId != nil else { return nil }
        return [
            "id": "cf-saveCard", "label": .string(pack.string("label.saveCard") ?? "Save this card"),
            "disabled": .bool(!session.phase.acceptsInput),
        ]
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

    /// The pay button: the total to pay (surcharge included) and the surcharge line.
    private var submit: TemplateValue {
        var submit: TemplateObject = [
            // Enabled whenever a payment can start: pressed on an incomplete form it shows every
            // error and says how many fields need attention.
            "disabled": .bool(!session.phase.acceptsInput),
            "loading": .bool(session.isLoading),
        ]
        if let total = session.formattedTotal {
            submit["amount"] = .string(total)
            submit["label"] = .string(pack.string("ui.payAmount", ["amount": total]) ?? total)
        } else {
            submit["label"] = .string(pack.string("ui.pay") ?? "Pay")
        }
        if let surcharge = session.surchargeAmountRaw, surcharge > 0, let currency = configuration.currency {
            let amount = MoneyFormatter.format(minorUnits: surcharge, currency: currency, locale: session.locale)
            submit["surchargeNote"] = .string(pack.string("ui.surchargeNote", ["amount": amount]) ?? amount)
        }
        return .object(submit)
    }

    /// The live region: what to announce now, and (without JavaScript) every error.
    private var errors: TemplateValue {
        var summary: [TemplateValue] = []
        if context.noscript {
            for error in session.fieldErrors {
                summary.append([
                    "field": .string(error.field.rawValue), "id": .string("cf-\(error.field.rawValue)"),
                    "message": .string(session.message(for: error, catalog: pack.catalog)),
                ])
            }
        }
        return ["announcement": .string(context.announcement), "summary": .list(summary)]
    }

    /// The `formState` block's data: what the page script reports to the parent window.
    private var state: TemplateValue {
        var state: TemplateObject = [
            "valid": .bool(session.isValid && session.isBillingValid),
            "phase": .string(session.phase.name.rawValue),
            "networks": .string(session.availableNetworks.map(\.rawValue).joined(separator: " ")),
        ]
        if let network = session.selectedNetwork { state["network"] = .string(network.rawValue) }
        if let id = session.payment?.id { state["payment"] = .string(id) }
        state.merge(fieldVerdicts) { _, verdict in verdict }
        return .object(state)
    }

    /// The co-badge selector's data, present only when the shopper can choose.
    private var cardNetwork: TemplateValue? {
        guard session.isNetworkSelectable else { return nil }
        let options = session.selectableNetworks.map { network in
            TemplateValue.object([
                "value": .string(network.rawValue), "label": .string(network.displayName),
                "icon": .string(icon(for: network)), "selected": .bool(network == session.selectedNetwork),
            ])
        }
        return [
            "id": "cf-cardNetwork",
            "label": .string(pack.string("label.cardNetwork") ?? "Card network"),
            "options": .list(options),
            "disabled": false,
        ]
    }

    /// The outcome of the last payment attempt, once there is one.
    private var result: TemplateValue? {
        guard let payment = session.payment else { return nil }
        var result: TemplateObject = ["status": .string(payment.status.rawValue)]
        if let id = payment.id { result["paymentId"] = .string(id) }
        if payment.status == .failed {
            result["message"] = .string(declineMessage(payment))
        }
        return .object(result)
    }

    /// A decline reason in the shopper's language: the hook's own message, else by decline code.
    func declineMessage(_ payment: PaymentResult) -> String {
        if let message = payment.message, !message.isEmpty { return message }
        return pack.string(DeclineReason.localeKey(for: payment.declineCode)) ?? pack.string("decline.generic") ?? ""
    }

    func icon(for network: CardNetwork) -> String {
        resources.networkIcons[network] ?? ""
    }
}
