import CardEngine
import Testing

/// The browser's `Accept-Language` picks one of the catalogs we ship, the way RFC 4647's lookup
/// does: by weight, each range through its fallbacks, never a language we lack.
@Suite struct AcceptLanguageTests {
    static let shipped: Set<String> = ["en", "en-gb", "fr", "fr-ca", "de", "pt", "pt-br", "zh-hans", "zh-hant", "es", "es-419", "ar", "he"]

    @Test(arguments: [
        ("fr-CA,fr;q=0.9,en;q=0.8", "fr-ca"),
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"),
        ("de;q=0.5, pt-BR", "pt-br"),
        ("en;q=0.1, zh-TW;q=0.9", "zh-hant"),
        ("es-MX", "es-419"),
        ("iw", "he"),
        ("xx-YY, ar;q=0.2", "ar"),
        ("sv, nb", nil),
        ("*", "en"),
        ("en;q=0, *", "ar"),
        ("fr;q=0, fr-CH", nil), ("fr;q=0, fr-CA", "fr-ca"),
        ("de;q=1.5, fr;q=abc, pt;q=0.3", "pt"),
        ("en-AU", "en-gb"),
        ("<script>, ;;;, =, fr", "fr"),
        ("", nil),
    ] as [(String, String?)])
    func theBestShippedLanguageIsChosenByWeightThroughFallbacks(_ header: String, _ expected: String?) {
        #expect(AcceptLanguage(header).best(in: Self.shipped) == expected)
    }

    @Test func equalWeightsKeepTheHeadersOrderAndZeroRefuses() {
        let ranges = AcceptLanguage("da;q=0.5, fr, de;q=0.5, en;q=0").ranges
        #expect(ranges.map(\.tag) == ["fr", "da", "de", "en"])
        #expect(ranges.map(\.weight) == [1000, 500, 500, 0])
    }

    @Test func aLongHeaderIsReadOnlyToItsFirstRanges() {
        let header = Array(repeating: "xx", count: 10_000).joined(separator: ",") + ",fr"
        #expect(AcceptLanguage(header).ranges.count == 32)
        #expect(AcceptLanguage(header).best(in: Self.shipped) == nil)
    }

    @Test func theSessionsOwnLocaleWinsAndIsShownInItsCataloguesCase() throws {
        let catalogs = MessageCatalogs(Dictionary(uniqueKeysWithValues: Self.shipped.map { ($0, MessageCatalog()) }))
        var configuration = SessionConfiguration()
        #expect(catalogs.usedLocale(for: configuration, acceptLanguage: "pt-br,en") == "pt-BR")
        #expect(catalogs.usedLocale(for: configuration, acceptLanguage: "sv") == "en")
        #expect(catalogs.usedLocale(for: configuration, acceptLanguage: nil) == "en")
        configuration = try SessionConfiguration.parse(Array(#"{"locale": "zh-TW"}"#.utf8))
        #expect(configuration.isLocaleSet)
        #expect(catalogs.usedLocale(for: configuration, acceptLanguage: "fr") == "zh-Hant")
        configuration = try SessionConfiguration.parse(Array(#"{"locale": "de-AT"}"#.utf8))
        #expect(catalogs.usedLocale(for: configuration, acceptLanguage: "fr") == "de")
    }
}
