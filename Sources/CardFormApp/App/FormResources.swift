import CardEngine
import CardFormSupport
import Foundation
import Mustache
import Synchronization

/// Everything a form renders with, compiled once: templates, assets, strings per language.
///
/// Built from the defaults inside the binary overlaid file by file with the designer's folders
/// (`--templates`, `--public`); locale files overlay key by key. Immutable: `--dev` builds a new
/// one when a file changes and swaps it in whole. A class, so that handing it to every request
/// retains one object, not each of the many it holds.
final class FormResources: Sendable {
    let templates: TemplateLibrary
    let assets: AssetStore
    let catalogs: MessageCatalogs
    /// Every language of `catalogs` (lower-case tags: `en`, `fr`…), sorted.
    let languages: [String]
    /// Each language's pack, built when a form first renders in it (see `pack(for:)`): building
    /// all 41 costs every start and every `--dev` reload about as much as compiling the templates.
    private let packs: Mutex<[String: LanguagePack]>
    /// English's pack, built with the resources: the default language, asked for by most answers,
    /// found by one comparison of a short string instead of a lock and a hashed look-up (~350
    /// instructions a keystroke). Also in `packs`, so that both ways give the same pack.
    private let english: LanguagePack?
    /// Which blocks each kind of change re-renders (see `BlockPlan`); nil renders the whole form
    /// for every event.
    let blockPlan: BlockPlan?
    /// Each network's badge URL (`icons/<network>.svg`, else `icons/other.svg`).
    let networkIcons: [CardNetwork: String]
    /// The engine's formatting rules with those badges, as JSON for the page script (`formatRules`).
    let formatRules: String
    /// The page's asset URLs (`assets` less the theme and `--dev`'s reload script): the same for
    /// every page these resources render, so built here once rather than for each page.
    let pageAssets: TemplateObject
    /// Field blocks rendered with a stand-in value, for keystrokes (see `BlockMemo`): built anew
    /// with the resources, so no render of an older template is ever reused.
    let blockMemo = BoundedMemo<BlockMemo.Key, BlockMemo.Entry>(capacity: BlockMemo.capacity)
    /// The other leaves' renders, keyed by the facts their data is built from (see `LeafMemo`), built anew likewise.
    let leafMemo = BoundedMemo<LeafMemo.Key, LeafMemo.Entry>(capacity: LeafMemo.capacity)
    /// The live region's words for an error that just appeared (see `ErrorWords`), built anew likewise.
    let errorWords = BoundedMemo<ErrorWords.Key, String>(capacity: ErrorWords.capacity)

    init(
        templates: TemplateLibrary, assets: AssetStore, catalogs: MessageCatalogs,
        networkIcons: [CardNetwork: String], dependencies: ViewDependencies = .standard
    ) {
        self.templates = templates
        self.assets = assets
        self.catalogs = catalogs
        self.languages = catalogs.languages
        self.blockPlan = BlockPlan(library: templates, dependencies: dependencies)
        self.networkIcons = networkIcons
        self.formatRules = FormattingRules.json(iconURLs: networkIcons)
        // Every page prints them escaped (`{{formatRules}}`): escaped once here, not per page.
        templates.keepEscaped(formatRules)
        self.pageAssets = FormView.pageAssets(assets)
        let english = catalogs.byLanguage[Self.defaultLanguage].map { LanguagePack(language: Self.defaultLanguage, catalog: $0) }
        self.english = english
        packs = Mutex(english.map { [Self.defaultLanguage: $0] } ?? [:])
    }

    /// English's tag, as its catalog and a session's default locale spell it.
    private static let defaultLanguage = "en"

    /// Where the files come from.
    struct Sources: Sendable, Equatable {
        var templatesOverlay: URL?
        var publicOverlay: URL?
    }

    /// Loads and compiles everything; every template problem is reported, not just the first.
    static func load(_ sources: Sources) throws(ResourceError) -> FormResources {
        let defaultTemplates = FileLayer.embedded("Templates")
        var templateOverlay: FileLayer?
        var publicFiles = FileLayer.embedded("Public")
        do {
            if let overlay = sources.templatesOverlay { templateOverlay = try FileLayer.load(directory: overlay) }
            if let overlay = sources.publicOverlay { publicFiles = publicFiles.overlaid(with: try FileLayer.load(directory: overlay)) }
        } catch {
            throw .files(error)
        }
        // The designer's folder is read by the library itself so that errors name its files.
        var layers: [TemplateSource] = [.templates(templateSources(defaultTemplates))]
        if let overlay = sources.templatesOverlay { layers.append(.directory(overlay.path)) }
        let (library, errors) = TemplateLibrary.load(layers)
        guard errors.isEmpty else { throw .templates(errors) }
        let catalogs = try loadCatalogs(defaults: defaultTemplates, overlay: templateOverlay)
        let assets = AssetStore(layer: publicFiles)
        let icons = Dictionary(uniqueKeysWithValues: CardNetwork.allCases.map { network in
            (network, assets.url(for: "icons/\(network.kebabName).svg") ?? assets.url(for: "icons/other.svg") ?? "")
        })
        return FormResources(
            templates: library, assets: assets, catalogs: catalogs, networkIcons: icons)
    }

    /// The pack for a session's BCP 47 locale, found as the engine finds its messages
    /// (`MessageCatalogs.language(for:)`: `fr-CA` → `fr`, `zh-TW` → `zh-hant`), English when there
    /// is none.
    func pack(for locale: String) -> LanguagePack {
        // Most sessions' locales are their catalog's own tag (`en`), the pack's key: one look-up
        // (every answer asks) instead of three.
        if let english, locale == Self.defaultLanguage { return english }
        if let pack = packs.withLock({ $0[locale] }) { return pack }
        let language = catalogs.language(for: locale)
        guard catalogs.byLanguage[language] != nil else { return LanguagePack(language: Self.defaultLanguage, catalog: MessageCatalog()) }
        return packs.withLock { packs in
            if let pack = packs[language] { return pack }
            let pack = LanguagePack(language: language, catalog: catalogs.catalog(for: language))
            packs[language] = pack
            return pack
        }
    }

    /// `blocks/cvv.mustache` → `blocks/cvv`, with the file path errors should name.
    private static func templateSources(_ layer: FileLayer) -> [String: String] {
        var sources: [String: String] = [:]
        for (path, bytes) in layer.files where path.hasSuffix(".mustache") {
            sources[String(path.dropLast(".mustache".count))] = String(decoding: bytes, as: UTF8.self)
        }
        return sources
    }

    /// One catalog per language: English defaults, English overlay, then the language's own
    /// defaults and overlay, so a missing translation falls back to English key by key.
    private static func loadCatalogs(defaults: FileLayer, overlay: FileLayer?) throws(ResourceError) -> MessageCatalogs {
        func file(_ layer: FileLayer?, _ language: String) -> Data? {
            layer?.files["locales/\(language).json"].map { Data($0) }
        }
        var languages = Set<String>()
        for layer in [defaults, overlay].compactMap(\.self) {
            for path in layer.files.keys where path.hasPrefix("locales/") && path.hasSuffix(".json") {
                languages.insert(String(path.dropFirst("locales/".count).dropLast(".json".count)).lowercased())
            }
        }
        // English, every language's first layer, is read once rather than once per language.
        let english: MessageCatalog
        do {
            english = try MessageCatalog(layers: [file(defaults, "en"), file(overlay, "en")].compactMap(\.self))
        } catch {
            throw .locale(language: "en", error)
        }
        var catalogs: [String: MessageCatalog] = [:]
        for language in languages.sorted() {
            do {
                let own = [file(defaults, language), file(overlay, language)].compactMap(\.self)
                catalogs[language] = language == Self.defaultLanguage ? english : try english.overlaid(byLayers: own)
            } catch {
                throw .locale(language: language, error)
            }
        }
        return MessageCatalogs(catalogs)
    }
}

/// Why the templates, assets or strings could not be loaded.
enum ResourceError: Error, CustomStringConvertible {
    case files(FileLayerError)
    case templates([TemplateError])
    case locale(language: String, CatalogError)

    var description: String {
        switch self {
        case .files(let error): error.description
        case .templates(let errors): errors.map(\.description).joined(separator: "\n")
        case .locale(let language, let error): "locales/\(language).json: \(error)"
        }
    }
}
