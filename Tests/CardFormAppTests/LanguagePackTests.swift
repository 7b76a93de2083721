import CardEngine
import Testing
@testable import CardFormApp

/// A session's locale picks the page's strings the way the engine picks its messages.
@Suite struct LanguagePackTests {
    static let resources = try? FormResources.load(.init())

    @Test(arguments: [
        ("zh-TW", "zh-hant"), ("zh-CN", "zh-hans"), ("es-MX", "es-419"), ("en-AU", "en-gb"), ("fr-CA", "fr-ca"),
        ("de-AT", "de"), ("pt-BR", "pt-br"), ("pt-PT", "pt"), ("iw", "he"), ("xx", "en"),
    ])
    func aLocalePicksThePackItsMessagesComeFrom(_ locale: String, _ language: String) throws {
        let resources = try #require(Self.resources)
        #expect(resources.pack(for: locale).language == language)
        #expect(resources.pack(for: locale).language == resources.catalogs.language(for: locale))
    }

    @Test func theCountryListIsInTheLanguageAndSortedByItsOwnRules() throws {
        let resources = try #require(Self.resources)
        let labels = resources.pack(for: "sv").countryOptions.compactMap { option -> String? in
            guard case .object(let members) = option, case .string(let label)? = members["label"] else { return nil }
            return label
        }
        #expect(labels.count > 200)
        // Swedish sorts Å and Ö after Z: Åland comes after Zimbabwe.
        let aland = try #require(labels.firstIndex(of: "Åland"))
        let zimbabwe = try #require(labels.firstIndex(of: "Zimbabwe"))
        #expect(aland > zimbabwe)
    }
}
