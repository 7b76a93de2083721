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
        guard let text = strings[key] else { return nil }
        return fill(text, parameters, count: count)
    }

    /// Fills a catalog string: a plural pattern first takes the branch for `count` (else for its
    /// argument's value in `parameters`, when that is a whole number; else `other`), with `#` shown
    /// as that value; then `{name}` placeholders are filled.
    func fill(_ text: String, _ parameters: [String: String], count: Int? = nil) -> String {
        guard PluralPattern.looksLikePattern(text), let pattern = try? PluralPattern(parsing: text) else {
            let counted = count.map { parameters.merging(["count": String($0)]) { given, _ in given } }
            return Self.interpolate(text, counted ?? parameters)
        }
        var values = parameters
        let number = count ?? values[pattern.argument].flatMap { Int($0) }
        let shown = values[pattern.argument] ?? number.map(String.init) ?? "#"
        values[pattern.argument] = shown
        let branch = number.map { pattern.message(for: $0, rules: PluralRules(language: language)) } ?? pattern.branches[.other] ?? ""
        return Self.interpolate(branch.replacing("#", with: shown), values)
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
