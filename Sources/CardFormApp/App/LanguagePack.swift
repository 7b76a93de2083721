import CardEngine
import Foundation
import Mustache
import Synchronization

/// What a language brings to every form in it, computed once: the strings as template data
/// (`t.ui.pay`) and the country list in that language. A class: every render holds it, and
/// copying a struct of this many references would retain each of them on every request.
final class LanguagePack: Sendable {
    let language: String
    let catalog: MessageCatalog
    /// Every string of the catalog, nested by its dotted key: `ui.pay` → `t.ui.pay`.
    let strings: TemplateValue
    /// Every country as `{value, label}`, sorted by its name in this language; built on first
    /// use: sorting with the language's collation costs tens of milliseconds a language, which
    /// every start and `--dev` reload would otherwise pay for all 41 languages.
    var countryOptions: [TemplateValue] {
        countries.withLock { cached in
            if let cached { return cached }
            let options = Self.countryOptions(language)
            cached = options
            return options
        }
    }
    private let countries = Mutex<[TemplateValue]?>(nil)
    let isRightToLeft: Bool
    /// The page's `lang` for this language, in conventional casing (`zh-Hans`): every render
    /// prints it, and canonicalising costs more than the rest of the root's plain values.
    let lang: String
    /// Each field's data as far as the language decides it (`FormView.basics`): a keystroke's
    /// render starts from a copy instead of looking every string up again.
    let fieldBasics: [FieldType: TemplateObject]
    /// Each field's data by its state, the value aside (`FormView.fieldData`): most forms in one
    /// language show their fields in a handful of states, and building a field's data costs
    /// several times looking it up. No value is kept (a card field's least of all); bounded, like
    /// `BlockMemo`: past `fieldMemoCapacity` states a thread's memo starts again empty.
    private let fieldMemo = BoundedMemo<FieldMemoKey, TemplateObject>(capacity: LanguagePack.fieldMemoCapacity)
    static let fieldMemoCapacity = 256

    /// Strings filled with parameters (`string(_:_:)`), by key and parameters; nil for a key no
    /// layer has. Parameters are amounts, labels, messages and decline reasons, never card data.
    private let filledMemo = BoundedMemo<FilledKey, String?>(capacity: LanguagePack.filledMemoCapacity)
    static let filledMemoCapacity = 256

    /// The parameters are kept in the order given, hashed and compared as a list, because a
    /// dictionary hashes each pair with a hasher of its own and compares by looking every key up,
    /// several times what filling the pay button's label from the memo costs otherwise. The same
    /// parameters in another order are another entry of the same string: a miss, never a wrong one.
    private struct FilledKey: Hashable, Sendable {
        let key: String
        let parameters: KeyValuePairs<String, String>

        static func == (left: FilledKey, right: FilledKey) -> Bool {
            left.key == right.key && left.parameters.elementsEqual(right.parameters) { $0.key == $1.key && $0.value == $1.value }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(key)
            hasher.combine(parameters.count)
            for (name, value) in parameters {
                hasher.combine(name)
                hasher.combine(value)
            }
        }
    }

    private struct FieldMemoKey: Hashable, Sendable {
        let field: FieldType
        let state: FieldState
    }

    init(language: String, catalog: MessageCatalog) {
        self.language = language
        self.catalog = catalog
        strings = Self.nest(catalog.strings)
        isRightToLeft = Locale.Language(identifier: language).characterDirection == .rightToLeft
        lang = LanguageTag.canonical(language)
        fieldBasics = Dictionary(uniqueKeysWithValues: FieldType.allCases.map { ($0, FormView.basics($0, catalog: catalog)) })
    }

    private static func countryOptions(_ language: String) -> [TemplateValue] {
        let locale = Locale(identifier: language)
        return Countries.all
            .map { (code: $0.code, name: $0.localizedName(locale: language)) }
            .sorted { $0.name.compare($1.name, locale: locale) == .orderedAscending }
            .map { TemplateValue.object(["value": .string($0.code), "label": .string($0.name)]) }
    }

    /// `field`'s data in `state` without its value, built by `build` unless already known.
    func fieldData(_ field: FieldType, state: FieldState, build: () -> TemplateObject) -> TemplateObject {
        fieldMemo.entry(for: FieldMemoKey(field: field, state: state), make: build)
    }

    /// The string for `key` with `{param}`s filled, or `nil` when no layer has it. Filled strings
    /// are kept (`filledMemo`): the pay button's label is filled with the same total on every
    /// render of a form, and filling costs tens of times looking it up.
    func string(_ key: String, _ parameters: KeyValuePairs<String, String> = [:]) -> String? {
        guard !parameters.isEmpty else { return catalog.string(key) }
        return filledMemo.entry(for: FilledKey(key: key, parameters: parameters)) {
            catalog.string(key, parameters: Dictionary(uniqueKeysWithValues: parameters.map { ($0.key, $0.value) }))
        }
    }

    /// `["ui.pay": "Pay"]` → `{ui: {pay: "Pay"}}`. A key that is both a string and a prefix of
    /// longer keys (`label.city` and `label.city.postTown`) keeps its string; the longer keys stay
    /// reachable through the view model, which reads the catalog directly.
    static func nest(_ flat: [String: String]) -> TemplateValue {
        var root: TemplateObject = [:]
        for key in flat.keys.sorted(by: { $0.count < $1.count }) {
            insert(flat[key]!, at: key.split(separator: ".").map(String.init)[...], into: &root)
        }
        return .object(root)
    }

    private static func insert(_ value: String, at path: ArraySlice<String>, into object: inout TemplateObject) {
        guard let first = path.first else { return }
        if path.count == 1 {
            if object[first] == nil { object[first] = .string(value) }
            return
        }
        var child: TemplateObject
        switch object[first] {
        case .object(let existing): child = existing
        case nil: child = [:]
        default: return
        }
        insert(value, at: path.dropFirst(), into: &child)
        object[first] = .object(child)
    }
}
