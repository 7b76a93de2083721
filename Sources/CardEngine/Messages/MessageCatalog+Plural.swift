extension MessageCatalog {
    /// The string for `key` in the form `count` takes in this catalog's language, with `#` and
    /// `{count}` replaced by the count and other `{name}` placeholders filled from `parameters`;
    /// nil when no layer has the key.
    ///
    /// The string is a `PluralPattern` (`{count, plural, one {…} other {…}}`); a plain string (a
    /// designer's override, say) is used as it is. `parameters["count"]` (or whatever the pattern's
    /// argument is called), when given, is what the count is shown as: a caller may pass it
    /// formatted for the locale; the category is always chosen from `count`.
    public func plural(_ key: String, count: Int, parameters: [String: String] = [:]) -> String? {
        index.texts[key]?.filled(parameters, count: count, rules: rules)
    }

    /// The `{name}` placeholders a catalog string uses: for a plural pattern, its argument and
    /// every name its branches use. What a translation must keep from the English string.
    public static func placeholders(in text: String) -> Set<String> {
        if PluralPattern.looksLikePattern(text), let pattern = try? PluralPattern(parsing: text) { return pattern.placeholders }
        return placeholders(inPlainText: text)
    }

    /// Names written `{name}` (letters, digits, `_`) in `text`.
    static func placeholders(inPlainText text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) else { break }
            if rest[close] == "}", close > rest.startIndex { names.insert(String(rest[..<close])) }
        }
        return names
    }
}
