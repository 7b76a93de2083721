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
    /// Every string by dotted key, after layering.
    public private(set) var strings: [String: String]

    /// A catalog from strings already read.
    public init(strings: [String: String] = [:]) {
        self.strings = strings
    }

    /// A catalog from locale files, each layer overriding the ones before key by key: English
    /// first (the fallback for any key a language lacks), then the language, then a designer's
    /// overrides.
    public init(layers: [Data]) throws(CatalogError) {
        var strings: [String: String] = [:]
        for layer in layers {
            strings.merge(try Self.parse(layer)) { _, new in new }
        }
        self.init(strings: strings)
    }

    /// This catalog with `other`'s strings laid over it.
    public func overlaid(by other: MessageCatalog) -> MessageCatalog {
        MessageCatalog(strings: strings.merging(other.strings) { _, new in new })
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

    /// The string for `key` with `{name}` placeholders filled from `parameters`, or nil.
    public func string(_ key: String, parameters: [String: String] = [:]) -> String? {
        strings[key].map { Self.interpolate($0, parameters) }
    }

    /// The message for a field's issue.
    ///
    /// Looks up, first found wins: the session's `overrides` (its `fields.<name>.messages`) by the
    /// issue's alias (`HN02`) then its code; then `error.<field>.<alias>`, `error.<field>.<code>`,
    /// `error.<alias>`, `error.<code>`; else the code itself. `{param}` placeholders are filled from
    /// the issue's parameters.
    public func message(
        for field: FieldType, issue: ValidationIssue, overrides: [String: String] = [:]
    ) -> String {
        let field = field.rawValue
        var template: String?
        if let alias = issue.alias { template = overrides[alias] }
        template = template ?? overrides[issue.code]
        if template == nil, let alias = issue.alias {
            template = strings["error.\(field).\(alias)"]
        }
        template = template ?? strings["error.\(field).\(issue.code)"]
        if template == nil, let alias = issue.alias { template = strings["error.\(alias)"] }
        template = template ?? strings["error.\(issue.code)"]
        return Self.interpolate(template ?? issue.code, issue.parameters)
    }

    /// Replaces each `{name}` whose name is in `parameters`; other braces are left as written.
    static func interpolate(_ template: String, _ parameters: [String: String]) -> String {
        guard !parameters.isEmpty, template.contains("{") else { return template }
        var output = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            output += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
                let value = parameters[String(rest[afterOpen..<close])]
            {
                output += value
                rest = rest[rest.index(after: close)...]
            } else {
                output += "{"
                rest = rest[afterOpen...]
            }
        }
        return output + rest
    }
}

/// The catalogs of every language the form speaks, chosen by a session's BCP 47 locale.
public struct MessageCatalogs: Hashable, Sendable {
    /// Catalogs by lower-case language tag (`en`, `fr`, `pt-br`); each should already fall back to
    /// English (built with English as its first layer).
    public var byLanguage: [String: MessageCatalog]

    public init(_ byLanguage: [String: MessageCatalog]) {
        self.byLanguage = Dictionary(byLanguage.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
    }

    /// The catalog for `locale`: the whole tag (`fr-ca`), then shorter prefixes (`fr`), then `en`,
    /// then an empty catalog (messages fall back to their codes).
    public func catalog(for locale: String) -> MessageCatalog {
        var tag = locale.lowercased().replacing("_", with: "-")
        while true {
            if let catalog = byLanguage[tag] { return catalog }
            guard let dash = tag.lastIndex(of: "-") else { break }
            tag = String(tag[..<dash])
        }
        return byLanguage["en"] ?? MessageCatalog()
    }

    /// The language tags available, sorted.
    public var languages: [String] { byLanguage.keys.sorted() }
}
