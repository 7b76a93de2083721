/// The catalogs of every language the form speaks, chosen by a session's BCP 47 locale.
public struct MessageCatalogs: Hashable, Sendable {
    /// Catalogs by lower-case language tag (`en`, `fr`, `pt-br`, `zh-hans`); each should already
    /// fall back to English (built with English as its first layer). Each catalog's `language` is
    /// its tag here, so its plurals follow that language's rules.
    public var byLanguage: [String: MessageCatalog]

    public init(_ byLanguage: [String: MessageCatalog]) {
        var catalogs: [String: MessageCatalog] = [:]
        for (tag, catalog) in byLanguage {
            let key = tag.lowercased()
            guard catalogs[key] == nil else { continue }
            var tagged = catalog
            tagged.language = key
            catalogs[key] = tagged
        }
        self.byLanguage = catalogs
    }

    /// The tag of the catalog `locale` is served from: the first of `LanguageTag.fallbacks(locale)`
    /// that has a catalog (`fr-CA` → `fr-ca` → `fr`; `zh-TW` → `zh-hant`; `es-MX` → `es-419`),
    /// else `en`.
    public func language(for locale: String) -> String {
        // Most sessions name a language exactly as its catalog does (`en`, `fr`): no rewriting.
        if byLanguage[locale] != nil { return locale }
        return LanguageTag.fallbacks(locale).first { byLanguage[$0] != nil } ?? "en"
    }

    /// The locale a session in `locale` is shown in: its catalog's tag in conventional casing
    /// (`fr-BE` → `fr`, `zh-TW` → `zh-Hant`, `pt-br` → `pt-BR`), never one without a catalog. Strings,
    /// the page's `lang`, amounts and country names all follow it, so none mixes two locales.
    public func usedLocale(for locale: String) -> String {
        LanguageTag.canonical(language(for: locale))
    }

    /// The locale for a page request: the session's own when it chose one, else the best match for
    /// the browser's `Accept-Language`, else English.
    public func usedLocale(for configuration: SessionConfiguration, acceptLanguage: String?) -> String {
        if configuration.isLocaleSet { return usedLocale(for: configuration.locale) }
        let asked = acceptLanguage.flatMap { AcceptLanguage($0).best(in: Set(byLanguage.keys)) }
        return LanguageTag.canonical(asked ?? language(for: "en"))
    }

    /// The catalog for `locale` (see `language(for:)`); an empty catalog when there is not even
    /// English (messages then fall back to their codes).
    public func catalog(for locale: String) -> MessageCatalog {
        byLanguage[language(for: locale)] ?? MessageCatalog()
    }

    /// The language tags available, sorted.
    public var languages: [String] { byLanguage.keys.sorted() }
}
