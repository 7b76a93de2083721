import CardEngine
import Testing

/// The CLDR cardinal rules, checked against CLDR's own sample numbers for each category.
@Suite struct PluralRulesTests {
    @Test(arguments: [
        ("ru", [1: "one", 2: "few", 5: "many", 21: "one", 22: "few", 25: "many", 11: "many", 12: "many", 14: "many", 0: "many", 101: "one", 111: "many"]),
        ("uk", [1: "one", 3: "few", 7: "many", 31: "one", 44: "few", 13: "many"]),
        ("ar", [0: "zero", 1: "one", 2: "two", 3: "few", 10: "few", 11: "many", 99: "many", 100: "other", 102: "other", 103: "few", 111: "many", 1000: "other"]),
        ("pl", [1: "one", 2: "few", 4: "few", 5: "many", 12: "many", 21: "many", 22: "few", 0: "many", 112: "many", 122: "few"]),
        ("cs", [1: "one", 2: "few", 4: "few", 5: "other", 0: "other", 22: "other"]),
        ("sk", [1: "one", 3: "few", 21: "other"]),
        ("lt", [1: "one", 2: "few", 9: "few", 10: "other", 11: "other", 19: "other", 21: "one", 0: "other", 112: "other"]),
        ("lv", [0: "zero", 1: "one", 2: "other", 10: "zero", 11: "zero", 19: "zero", 21: "one", 111: "zero", 22: "other"]),
        ("sl", [1: "one", 2: "two", 3: "few", 4: "few", 5: "other", 0: "other", 101: "one", 102: "two", 103: "few", 111: "other"]),
        ("he", [1: "one", 2: "two", 3: "other", 20: "other", 0: "other", 100: "other"]),
        ("hr", [1: "one", 2: "few", 5: "other", 11: "other", 21: "one", 12: "other", 0: "other"]),
        ("ro", [0: "few", 1: "one", 2: "few", 19: "few", 20: "other", 101: "few", 120: "other"]),
        ("fil", [0: "one", 1: "one", 3: "one", 4: "other", 6: "other", 9: "other", 10: "one", 14: "other", 25: "one"]),
        ("fr", [0: "one", 1: "one", 2: "other", 1_000_000: "many", 2_000_000: "many", 1_000_001: "other"]),
        ("fr-CA", [0: "one", 1: "one", 2: "other"]),
        ("pt-BR", [0: "one", 1: "one", 2: "other", 1_000_000: "many"]),
        ("pt", [0: "other", 1: "one", 2: "other", 1_000_000: "many"]),
        ("es", [0: "other", 1: "one", 2: "other", 1_000_000: "many"]),
        ("es-419", [1: "one", 3_000_000: "many"]),
        ("it", [0: "other", 1: "one", 1_000_000: "many"]),
        ("en", [0: "other", 1: "one", 2: "other"]),
        ("da", [0: "other", 1: "one"]),
        ("tr", [1: "one", 2: "other"]),
        ("ja", [0: "other", 1: "other", 2: "other"]),
        ("zh-Hant", [1: "other"]),
        ("ko", [1: "other"]),
    ])
    func eachCountFallsInItsCLDRCategory(_ language: String, _ samples: [Int: String]) {
        let rules = PluralRules(language: language)
        for (count, expected) in samples.sorted(by: { $0.key < $1.key }) {
            #expect(rules.category(for: count).rawValue == expected, "\(language) \(count)")
        }
    }

    @Test(arguments: LocaleFilesTests.shipped)
    func everyCountFallsInACategoryTheLanguageNeedsAndEachIsReached(_ language: String) {
        let rules = PluralRules(language: language)
        var reached: Set<PluralCategory> = []
        for count in Array(0...1_200) + [1_000_000, 2_000_000, 1_000_001] {
            reached.insert(rules.category(for: count))
        }
        #expect(reached.isSubset(of: rules.categories))
        // `other` is always asked for, even where no whole number reaches it (ICU requires it).
        #expect(rules.categories.subtracting(reached).isSubset(of: [.other]), "\(language)")
    }

    @Test func everyShippedLanguageHasRulesOfItsOwn() {
        let unknown = LocaleFilesTests.shipped.filter { !PluralRules.isKnown($0) }
        #expect(unknown.isEmpty)
        #expect(!PluralRules.isKnown("fa"))
        #expect(PluralRules(language: "fa").category(for: 1) == .one, "an unknown language follows English, the fallback")
    }

    @Test(arguments: [("iw", "he"), ("tl", "fil"), ("pt-AO", "pt"), ("zh-TW", "ja"), ("ru_RU", "ru"), ("sr", "en")])
    func aTagFollowsTheRulesOfTheLanguageItFallsBackTo(_ tag: String, _ same: String) {
        let (rules, expected) = (PluralRules(language: tag), PluralRules(language: same))
        #expect((0...200).allSatisfy { rules.category(for: $0) == expected.category(for: $0) })
    }

    @Test func aNegativeCountIsCategorisedByItsSize() {
        #expect(PluralRules(language: "ru").category(for: -21) == .one)
    }
}
