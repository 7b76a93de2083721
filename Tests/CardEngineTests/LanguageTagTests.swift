import CardEngine
import Testing

@Suite struct LanguageTagTests {
    @Test(arguments: [
        ("zh_Hant_TW", "zh-hant-tw"), ("de-DE-u-co-phonebk", "de-de"), ("EN-gb", "en-gb"), ("x-private", ""), ("fil", "fil"),
    ])
    func aTagIsNormalisedToLowerCaseHyphensWithoutExtensions(_ tag: String, _ normalized: String) {
        #expect(LanguageTag.normalized(tag) == normalized)
    }

    @Test(arguments: [("zh-hans", "zh-Hans"), ("pt-br", "pt-BR"), ("es-419", "es-419"), ("EN-gb", "en-GB"), ("fil", "fil"), ("sr_latn_rs", "sr-Latn-RS")])
    func aTagIsShownInItsConventionalCase(_ tag: String, _ canonical: String) {
        #expect(LanguageTag.canonical(tag) == canonical)
    }

    @Test(arguments: [
        ("fr-CA", ["fr-ca", "fr"]), ("zh-TW", ["zh-tw", "zh-hant", "zh", "zh-hans"]), ("es-MX", ["es-mx", "es-419", "es"]),
        ("en-AU", ["en-au", "en-gb", "en"]), ("iw", ["iw", "he"]), ("", []),
    ])
    func fallbacksTryTheTagItsAliasThenShorterPrefixes(_ tag: String, _ chain: [String]) {
        #expect(LanguageTag.fallbacks(tag) == chain)
    }
}
