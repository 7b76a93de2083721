import CardEngine
import Foundation
import Testing

/// The shipped `Templates/locales/*.json`: every language complete, placeholders and plural forms
/// intact, typography of its own, and each reachable by the tags shoppers' browsers send.
@Suite struct LocaleFilesTests {
    /// The languages cardform ships, as their files are named.
    static let shipped = [
        "ar", "bg", "cs", "da", "de", "el", "en", "en-GB", "es", "es-419", "et", "fi", "fil", "fr", "fr-CA", "he",
        "hr", "hu", "id", "it", "ja", "ko", "lt", "lv", "ms", "nb", "nl", "pl", "pt", "pt-BR", "ro", "ru", "sk", "sl",
        "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant",
    ]

    static let folder = Fixtures.repositoryRoot.appendingPathComponent("Templates/locales")

    /// Every shipped file, read once: the tests below run in parallel with suites that need the
    /// cooperative threads, so they do not parse the same file again and again.
    static let files: [String: Result<[String: String], any Error>] = Dictionary(uniqueKeysWithValues: shipped.map { language in
        (language, Result { try MessageCatalog.parse(Data(contentsOf: folder.appendingPathComponent("\(language).json"))) })
    })

    static func strings(_ language: String) throws -> [String: String] {
        guard let file = files[language] else {
            return try MessageCatalog.parse(Data(contentsOf: folder.appendingPathComponent("\(language).json")))
        }
        return try file.get()
    }

    @Test func everyShippedLanguageHasAFileAndNoOtherFileIsThere() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".json") }
        let names = Set(files.map { String($0.dropLast(".json".count)) })
        #expect(Set(Self.shipped).subtracting(names).sorted() == [], "missing locale files")
        #expect(names.subtracting(Self.shipped).sorted() == [], "locale files not in the shipped list")
    }

    @Test(arguments: shipped)
    func everyFileHasEveryEnglishKeyAndNoOther(_ language: String) throws {
        let english = try Self.strings("en")
        let other = try Self.strings(language)
        let missing = Set(english.keys).subtracting(other.keys).sorted()
        let extra = Set(other.keys).subtracting(english.keys).sorted()
        #expect(missing == [], "\(language).json lacks keys English has")
        #expect(extra == [], "\(language).json has keys English lacks")
    }

    @Test(arguments: shipped)
    func nothingEnglishSaysIsLeftEmpty(_ language: String) throws {
        let english = try Self.strings("en")
        let other = try Self.strings(language)
        let empty = english.filter { !$0.value.isEmpty && other[$0.key]?.isEmpty == true }.keys.sorted()
        #expect(empty == [], "\(language).json leaves empty what English says")
    }

    @Test(arguments: shipped)
    func placeholdersAreTheSameAsInEnglish(_ language: String) throws {
        let english = try Self.strings("en")
        let other = try Self.strings(language)
        for (key, text) in english.sorted(by: { $0.key < $1.key }) {
            guard let translation = other[key] else { continue }
            #expect(MessageCatalog.placeholders(in: translation) == MessageCatalog.placeholders(in: text), "\(language) \(key): \(translation)")
        }
    }

    @Test(arguments: shipped)
    func pluralPatternsHaveExactlyTheFormsTheLanguageNeeds(_ language: String) throws {
        let english = try Self.strings("en")
        let other = try Self.strings(language)
        let keys = english.filter { PluralPattern.looksLikePattern($0.value) }.keys.sorted()
        #expect(keys.contains("ui.errorCount"))
        let needed = PluralRules(language: language).categories
        for key in keys {
            let pattern = try PluralPattern(parsing: try #require(other[key], "\(language) lacks \(key)"))
            #expect(pattern.argument == (try PluralPattern(parsing: english[key]!)).argument, "\(language) \(key)")
            #expect(Set(pattern.branches.keys) == needed, "\(language) \(key): \(pattern.branches.keys.map(\.rawValue).sorted())")
            #expect(pattern.branches.values.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).isEmpty }, "\(language) \(key)")
        }
    }

    /// Straight quotes and three dots are typewriter stand-ins; each language has its own marks.
    @Test(arguments: shipped)
    func stringsUseTypographicPunctuation(_ language: String) throws {
        for (key, text) in try Self.strings(language) {
            #expect(!text.contains("'") && !text.contains("\"") && !text.contains("..."), "\(language) \(key): \(text)")
            #expect(text == text.trimmingCharacters(in: .whitespaces), "\(language) \(key) has outer spaces")
        }
    }

    /// French puts a no-break space before a colon (and before ; ! ? in France).
    @Test(arguments: ["fr", "fr-CA"])
    func frenchKeepsItsSpaceBeforeColons(_ language: String) throws {
        for (key, text) in try Self.strings(language) {
            #expect(!text.contains(" :") && !text.contains(" ;"), "\(language) \(key): an ordinary space before punctuation")
            for (index, character) in text.enumerated() where character == ":" {
                #expect(index > 0 && ["\u{A0}", "\u{202F}"].contains(Array(text)[index - 1]), "\(language) \(key)")
            }
        }
    }

    /// Regional variants are written for their region, not copied from the language.
    @Test(arguments: [
        ("en-GB", "label.addressLine2", "Flat"), ("en-GB", "label.postalCode.default", "Postcode"),
        ("fr-CA", "label.email", "Courriel"), ("fr", "label.email", "E-mail"),
        ("es-419", "label.expiryDate", "vencimiento"), ("es", "label.expiryDate", "caducidad"),
        ("pt-BR", "label.lastName", "Sobrenome"), ("pt", "label.lastName", "Apelido"),
        ("pt-BR", "ui.processing", "Processando"), ("pt", "ui.processing", "A processar"),
        ("zh-Hant", "label.cardNumber", "卡號"), ("zh-Hans", "label.cardNumber", "卡号"),
    ])
    func regionalVariantsUseTheirRegionsWords(_ language: String, _ key: String, _ word: String) throws {
        #expect(try Self.strings(language)[key]?.contains(word) == true)
    }

    @Test(arguments: ["en-GB", "fr-CA", "es-419", "pt-BR", "zh-Hant"])
    func aRegionalVariantDiffersFromItsLanguageWhereUsageDiffers(_ language: String) throws {
        let base = ["en-GB": "en", "fr-CA": "fr", "es-419": "es", "pt-BR": "pt", "zh-Hant": "zh-Hans"][language]!
        let (variant, parent) = (try Self.strings(language), try Self.strings(base))
        let different = variant.filter { parent[$0.key] != $0.value }.count
        #expect(different >= 8, "\(language) differs from \(base) in \(different) strings")
    }

    /// Catalogs keyed as `FormResources.loadCatalogs` keys them (file name, lower-cased).
    @Test(arguments: [
        ("zh-Hans", "zh-hans"), ("zh-Hant", "zh-hant"), ("pt-BR", "pt-br"), ("es-419", "es-419"), ("en-GB", "en-gb"),
        ("fr-CA", "fr-ca"), ("zh-TW", "zh-hant"), ("zh-HK", "zh-hant"), ("zh-Hant-TW", "zh-hant"), ("zh-CN", "zh-hans"),
        ("zh", "zh-hans"), ("es-MX", "es-419"), ("es-ES", "es"), ("en-AU", "en-gb"), ("en-US", "en"), ("pt-PT", "pt"),
        ("pt_BR", "pt-br"), ("fr-CH", "fr"), ("nb-NO", "nb"), ("no", "nb"), ("iw", "he"), ("tl", "fil"), ("in", "id"),
        ("fa", "en"), ("", "en"), ("de-DE-u-co-phonebk", "de"),
    ])
    func everyShippedFileLoadsAndBrowsersTagsReachIt(_ locale: String, _ language: String) {
        #expect(Self.catalogs.language(for: locale) == language)
        #expect(Self.catalogs.catalog(for: locale).language == language)
    }

    @Test func aShippedCatalogSaysTheErrorCountInItsLanguage() {
        #expect(Self.catalogs.catalog(for: "ru").plural("ui.errorCount", count: 3)?.hasPrefix("3 ") == true)
        #expect(Self.catalogs.catalog(for: "en").plural("ui.errorCount", count: 3) == "3 fields need attention")
        #expect(Self.catalogs.catalog(for: "en").plural("ui.errorCount", count: 1) == "1 field needs attention")
        let arabic = Self.catalogs.catalog(for: "ar")
        let forms = Set((0...12).compactMap { arabic.plural("ui.errorCount", count: $0)?.replacing(String($0), with: "#") })
        #expect(forms.count == 5, "zero, one, two, few and many are five forms: \(forms.sorted())")
    }

    static let catalogs: MessageCatalogs = {
        let english = MessageCatalog(strings: (try? strings("en")) ?? [:])
        var byLanguage: [String: MessageCatalog] = [:]
        for language in shipped {
            guard let own = try? strings(language) else { continue }
            byLanguage[language.lowercased()] = english.overlaid(by: MessageCatalog(strings: own))
        }
        return MessageCatalogs(byLanguage)
    }()
}
