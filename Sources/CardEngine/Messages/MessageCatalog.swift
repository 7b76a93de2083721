import Foundation

/// Why a locale file was refused.
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `invalid-json`, `not-an-object`, `not-a-string` or `too-large`.
    public var code: String
    /// The dotted key at fault, when there is one.
    public var key: String?
    public var message: String

    public var description: String { key.map { "\(code) at \"\($0)\": \(message)" } ?? "\(code): \(message)" }
}

/// The strings of one language: flat JSON objects with dotted keys (`error.invalid-cvv`,
/// `error.cardNumber.required`, `label.cardNumber`), layered so a designer overrides key by key.
///
/// The engine returns codes, never English; this turns a field's `ValidationIssue` into the
/// message to show. Key namespaces: `error.*` belongs to validation messages; `label.*`,
/// `placeholder.*`, `guide.*` and `ui.*` are left to the templates' strings.
public struct MessageCatalog: Hashable, Sendable {
    /// Every string by dotted key, after layering. A `let`: `index` is read from it once, in `init`.
    public let strings: [String: String]
    /// The BCP 47 tag whose plural rules `plural` follows (`MessageCatalogs` sets it to the
    /// catalog's own).
    public var language: String {
        didSet { rules = PluralRules(language: language) }
    }
    /// `strings`, each read once for filling, in one reference (a catalog is copied with every
    /// environment and language pack).
    let index: CatalogIndex
    /// The plural rules of `language`, chosen once rather than per message.
    private(set) var rules: PluralRules

    /// A catalog from strings already read.
    public init(strings: [String: String] = [:], language: String = "en") {
        self.strings = strings
        self.language = language
        rules = PluralRules(language: language)
        index = CatalogIndex(strings)
    }

    /// Catalogs are equal when their strings and language are: the rest is read from them.
    public static func == (lhs: MessageCatalog, rhs: MessageCatalog) -> Bool {
        lhs.strings == rhs.strings && lhs.language == rhs.language
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(strings)
        hasher.combine(language)
    }

    /// A catalog from locale files, each layer overriding the ones before key by key: English
    /// first (the fallback for any key a language lacks), then the language, then a designer's
    /// overrides.
    public init(layers: [Data], language: String = "en") throws(CatalogError) {
        self.init(strings: try Self.strings(layers: layers), language: language)
    }

    /// This catalog with `other`'s strings laid over it, in this catalog's language.
    public func overlaid(by other: MessageCatalog) -> MessageCatalog {
        MessageCatalog(strings: strings.merging(other.strings) { _, new in new }, language: language)
    }

    /// This catalog with locale files laid over it key by key, as `init(layers:)` layers them.
    /// Unlike `overlaid(by: MessageCatalog(layers:))`, it reads no strings for a catalog that is
    /// thrown away at once: building a catalog reads every string (`CatalogIndex`), and start-up
    /// and each `--dev` reload do this for every language.
    public func overlaid(byLayers layers: [Data]) throws(CatalogError) -> MessageCatalog {
        let laid = try Self.strings(layers: layers)
        return MessageCatalog(strings: strings.merging(laid) { _, new in new }, language: language)
    }

    /// The strings of locale files, each layer overriding the ones before key by key.
    private static func strings(layers: [Data]) throws(CatalogError) -> [String: String] {
        var strings: [String: String] = [:]
        for layer in layers {
            strings.merge(try parse(layer)) { _, new in new }
        }
        return strings
    }

    /// Reads one locale file: a JSON object whose values are strings. Nested objects are accepted
    /// and flattened to dotted keys (`{"error": {"required": "…"}}` is `error.required`).
    public static func parse(_ bytes: some Collection<UInt8>) throws(CatalogError) -> [String: String] {
        guard bytes.count <= 1 << 20 else {
            throw CatalogError(code: "too-large", key: nil, message: "a locale file is at most 1 MiB")
        }
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes, maxDepth: 8, allowingByteOrderMark: true)
        } catch {
            throw CatalogError(code: "invalid-json", key: nil, message: error.description)
        }
        guard case .object(let object) = root else {
            throw CatalogError(code: "not-an-object", key: nil, message: "a locale file is a JSON object")
        }
        var strings: [String: String] = [:]
        try flatten(object, prefix: "", into: &strings)
        return strings
    }

    private static func flatten(
        _ object: JSONObject, prefix: String, into strings: inout [String: String]
    ) throws(CatalogError) {
        for (key, value) in object.members {
            let path = prefix.isEmpty ? key : prefix + "." + key
            switch value {
            case .string(let text): strings[path] = text
            case .object(let nested): try flatten(nested, prefix: path, into: &strings)
            default:
                throw CatalogError(code: "not-a-string", key: path, message: "found a \(value.typeName), not a string")
            }
        }
    }

    /// The string for `key` with `{name}` placeholders filled from `parameters`, or nil. A plural
    /// pattern takes the branch its argument's value (a whole number in `parameters`) asks for.
    public func string(_ key: String, parameters: [String: String] = [:]) -> String? {
        index.texts[key]?.filled(parameters, count: nil, rules: rules)
    }

    /// The message for a field's issue.
    ///
    /// Looks up, first found wins: the session's `overrides` (its `fields.<name>.messages`) by the
    /// issue's code, then by each alias (`HN02`, then a broader code such as
    /// `invalid-cardholder-name`); then the issue's `messageKey`; then, for the code and then each
    /// alias, `error.<field>.<id>` and `error.<id>` (the most specific identifier first, and for
    /// each the field's own wording first); else the code itself. `{param}` placeholders are
    /// filled from the issue's parameters, which also choose a plural pattern's branch
    /// (`{min, plural, …}`).
    public func message(
        for field: FieldType, issue: ValidationIssue, overrides: [String: String] = [:]
    ) -> String {
        // The code, then each alias, in every step: no list of them is built.
        func first<T>(_ find: (String) -> T?) -> T? { find(issue.code) ?? issue.aliases.lazy.compactMap(find).first }
        let text = overrides.isEmpty ? nil : first { overrides[$0] }.map(CatalogText.init)
        let found = text
            ?? issue.messageKey.flatMap { index.texts[$0] }
            ?? first { index.error($0, of: field) }
        return (found ?? CatalogText(issue.code)).filled(issue.parameters, count: nil, rules: rules)
    }
}
