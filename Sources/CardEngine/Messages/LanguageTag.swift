/// BCP 47 language tags as locale files and sessions write them.
public enum LanguageTag {
    /// Lower case with hyphens, private-use and extension parts dropped: `zh_Hant_TW` → `zh-hant-tw`,
    /// `de-DE-u-co-phonebk` → `de-de`.
    public static func normalized(_ tag: String) -> String {
        var parts: [Substring] = []
        for part in tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }) {
            // A singleton (`u`, `x`, `t`…) starts extensions and private use, which pick no language.
            if part.count == 1 { break }
            parts.append(part)
        }
        return parts.joined(separator: "-")
    }

    /// The conventional casing of a tag: language lower case, script title case, region upper
    /// case (`zh-hans` → `zh-Hans`, `pt-br` → `pt-BR`, `es-419` stays): what a page's `lang` shows.
    public static func canonical(_ tag: String) -> String {
        let parts = normalized(tag).split(separator: "-")
        return parts.enumerated().map { index, part in
            guard index > 0 else { return String(part) }
            if part.count == 4, part.allSatisfy(\.isLetter) { return part.prefix(1).uppercased() + part.dropFirst() }
            if part.count == 2, part.allSatisfy(\.isLetter) { return part.uppercased() }
            return String(part)
        }.joined(separator: "-")
    }

    /// Where a tag that names no catalog of ours is best read, before its prefix is tried: the
    /// script a Chinese region writes, the Spanish of the Americas, Commonwealth English,
    /// retired and macro-language codes (CLDR's parent locales and likely subtags, for the
    /// catalogs cardform ships).
    static let aliases: [String: String] = {
        var table: [String: String] = [
            "zh": "zh-hans", "zh-cn": "zh-hans", "zh-sg": "zh-hans", "zh-my": "zh-hans",
            "zh-tw": "zh-hant", "zh-hk": "zh-hant", "zh-mo": "zh-hant",
            "iw": "he", "in": "id", "tl": "fil", "no": "nb", "nn": "nb", "zsm": "ms",
        ]
        let americas = ["ar", "bo", "cl", "co", "cr", "cu", "do", "ec", "gt", "hn", "mx", "ni", "pa", "pe", "pr",
                        "py", "sv", "us", "uy", "ve"]
        for region in americas { table["es-" + region] = "es-419" }
        let commonwealth = ["au", "nz", "ie", "in", "za", "sg", "hk", "my", "pk", "ng", "ke", "mt", "cy", "gi",
                            "je", "gg", "im", "001", "150"]
        for region in commonwealth { table["en-" + region] = "en-gb" }
        return table
    }()

    /// The tags to try for `tag`, best first: the tag, its alias, then each shorter prefix with
    /// its alias (`zh-TW` → `zh-tw`, `zh-hant`, `zh`, `zh-hans`; `es-MX` → `es-mx`, `es-419`, `es`).
    public static func fallbacks(_ tag: String) -> [String] {
        var chain: [String] = []
        var current = normalized(tag)
        while !current.isEmpty {
            for candidate in [current, aliases[current]].compactMap(\.self) where !chain.contains(candidate) {
                chain.append(candidate)
            }
            guard let dash = current.lastIndex(of: "-") else { break }
            current = String(current[..<dash])
        }
        return chain
    }
}
