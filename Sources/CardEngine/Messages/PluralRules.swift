/// A CLDR plural category: which grammatical form a language uses for a count.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable {
    case zero, one, two, few, many, other
}

/// The CLDR cardinal plural rules (CLDR 42 and later) of the languages cardform ships, for whole
/// numbers: a count of fields, never a fraction.
///
/// Foundation on Linux has no public plural-rules API (ICU's `uplrules` sits in a module the
/// toolchain does not export), so the rules are written here from the CLDR data. Only the integer
/// branches matter; categories that only fractions reach (`many` in Czech, Slovak and Lithuanian)
/// are left out. ICU's message syntax still requires `other` in every pattern, so it is always
/// part of `categories`, even where no whole number reaches it (Polish, Russian, Ukrainian).
public struct PluralRules: Hashable, Sendable {
    /// Languages sharing one rule, named after a member.
    enum Rule: Hashable, Sendable {
        /// id ja ko ms th vi zh: one form.
        case invariant
        /// n = 1 (bg da de el en et fi hu nb nl sv tr).
        case english
        /// n = 1; many for exact millions (es it, and pt_PT).
        case spanish
        /// n = 0, 1; many for exact millions (fr, and CLDR's pt, which is Brazil's).
        case french
        case filipino, arabic, hebrew, czech, polish, russian, croatian, lithuanian, latvian, romanian, slovenian
    }

    let rule: Rule

    /// Rules by lower-case tag. cardform's `pt` is European Portuguese (CLDR's `pt_PT`); `pt-br`
    /// is CLDR's `pt`.
    static let rulesByTag: [String: Rule] = {
        var table: [String: Rule] = [:]
        let groups: [(Rule, [String])] = [
            (.invariant, ["id", "ja", "ko", "ms", "th", "vi", "zh"]),
            (.english, ["bg", "da", "de", "el", "en", "et", "fi", "hu", "nb", "nl", "sv", "tr"]),
            (.spanish, ["es", "it", "pt", "pt-pt"]),
            (.french, ["fr", "pt-br"]),
            (.filipino, ["fil"]), (.arabic, ["ar"]), (.hebrew, ["he"]), (.czech, ["cs", "sk"]),
            (.polish, ["pl"]), (.russian, ["ru", "uk"]), (.croatian, ["hr"]), (.lithuanian, ["lt"]),
            (.latvian, ["lv"]), (.romanian, ["ro"]), (.slovenian, ["sl"]),
        ]
        for (rule, tags) in groups {
            for tag in tags { table[tag] = rule }
        }
        return table
    }()

    /// The rules for a BCP 47 tag (`pt-BR`, `zh-Hant`, `fr_CA`): the first of the tag's fallbacks
    /// (`LanguageTag.fallbacks`) with rules here; English's for a language without, since English
    /// is every catalog's fallback.
    public init(language: String) {
        rule = Self.rule(for: language) ?? .english
    }

    /// Whether the language has rules of its own here (not English's by default).
    public static func isKnown(_ language: String) -> Bool {
        rule(for: language) != nil
    }

    private static func rule(for language: String) -> Rule? {
        LanguageTag.fallbacks(language).lazy.compactMap { rulesByTag[$0] }.first
    }

    /// The categories a plural pattern in this language must have: every one a whole number
    /// reaches, and `other`.
    public var categories: Set<PluralCategory> {
        switch rule {
        case .invariant: [.other]
        case .english, .filipino: [.one, .other]
        case .spanish, .french: [.one, .many, .other]
        case .arabic: Set(PluralCategory.allCases)
        case .hebrew: [.one, .two, .other]
        case .czech, .croatian, .lithuanian, .romanian: [.one, .few, .other]
        case .polish, .russian: [.one, .few, .many, .other]
        case .latvian: [.zero, .one, .other]
        case .slovenian: [.one, .two, .few, .other]
        }
    }

    /// The category of a whole number (its absolute value counts).
    public func category(for count: Int) -> PluralCategory {
        let n = count.magnitude
        let (last, lastTwo) = (n % 10, n % 100)
        switch rule {
        case .invariant: return .other
        case .english: return n == 1 ? .one : .other
        case .spanish: return n == 1 ? .one : Self.isExactMillion(n) ? .many : .other
        case .french: return n <= 1 ? .one : Self.isExactMillion(n) ? .many : .other
        case .filipino: return [4, 6, 9].contains(last) ? .other : .one
        case .arabic:
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default: return (3...10).contains(lastTwo) ? .few : (11...99).contains(lastTwo) ? .many : .other
            }
        case .hebrew: return n == 1 ? .one : n == 2 ? .two : .other
        case .czech: return n == 1 ? .one : (2...4).contains(n) ? .few : .other
        case .polish:
            if n == 1 { return .one }
            return (2...4).contains(last) && !(12...14).contains(lastTwo) ? .few : .many
        case .russian:
            if last == 1 && lastTwo != 11 { return .one }
            return (2...4).contains(last) && !(12...14).contains(lastTwo) ? .few : .many
        case .croatian:
            if last == 1 && lastTwo != 11 { return .one }
            return (2...4).contains(last) && !(12...14).contains(lastTwo) ? .few : .other
        case .lithuanian:
            if (11...19).contains(lastTwo) { return .other }
            return last == 1 ? .one : last >= 2 ? .few : .other
        case .latvian:
            if last == 0 || (11...19).contains(lastTwo) { return .zero }
            return last == 1 ? .one : .other
        case .romanian:
            if n == 1 { return .one }
            return n == 0 || (1...19).contains(lastTwo) ? .few : .other
        case .slovenian:
            switch lastTwo {
            case 1: return .one
            case 2: return .two
            case 3, 4: return .few
            default: return .other
            }
        }
    }

    private static func isExactMillion(_ n: UInt) -> Bool { n != 0 && n % 1_000_000 == 0 }
}
