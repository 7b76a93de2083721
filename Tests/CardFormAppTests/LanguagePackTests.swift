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

    /// English's pack is found two ways (a session's own `en`, and a locale that falls back to
    /// it): both must give the one pack, as `LeafMemo` keys by language alone.
    @Test func englishIsOnePackHoweverItIsReached() throws {
        let resources = try #require(Self.resources)
        let english = resources.pack(for: "en")
        #expect(english.language == "en")
        #expect(resources.pack(for: "xx") === english)
        #expect(resources.pack(for: "en") === english)
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

/// A field's data is kept by state for the next form in that state (`LanguagePack.fieldData`),
/// never with a value in it.
@Suite struct FieldDataMemoTests {
    static let resources = try? FormResources.load(.init())

    @Test func twoFormsInOneStateEachShowTheirOwnValueAndTheMemoKeepsNone() throws {
        let resources = try #require(Self.resources)
        let pack = resources.pack(for: "en")
        let state = FieldState(required: true, disabled: false, autoCapitalise: false)
        let first = FormView.fieldData(.cardholderName, state: state, value: "Ada Lovelace", pack: pack, icons: [:])
        let second = FormView.fieldData(.cardholderName, state: state, value: "Grace Hopper", pack: pack, icons: [:])
        #expect(first["value"] == "Ada Lovelace")
        #expect(second["value"] == "Grace Hopper")
        #expect(first["label"] == second["label"])
        let kept = pack.fieldData(.cardholderName, state: state) { Issue.record("the state's data was not kept"); return [:] }
        #expect(kept["value"] == "")
        #expect(kept["required"] == true)
        #expect(FormView.fieldData(.cardholderName, state: state, value: "", pack: pack, icons: [:]) == .object(kept))
    }

    @Test func anotherStateBuildsItsOwnData() throws {
        let resources = try #require(Self.resources)
        let pack = resources.pack(for: "en")
        let required = FormView.fieldData(.email, state: FieldState(required: true, disabled: false, autoCapitalise: false), value: "", pack: pack, icons: [:])
        let optional = FormView.fieldData(.email, state: FieldState(required: false, disabled: false, autoCapitalise: false), value: "", pack: pack, icons: [:])
        #expect(required["required"] == true)
        #expect(optional["required"] == false)
    }
}

/// Strings filled with parameters are kept by key and parameters (`LanguagePack.string(_:_:)`).
@Suite struct FilledStringMemoTests {
    static let resources = try? FormResources.load(.init())

    @Test func eachParameterGetsItsOwnStringEveryTimeAndAMissingKeyStaysMissing() throws {
        let pack = try #require(Self.resources).pack(for: "en")
        for _ in 0..<2 {
            let first = try #require(pack.string("ui.payAmount", ["amount": "€24.99"]))
            let second = try #require(pack.string("ui.payAmount", ["amount": "€1.00"]))
            #expect(first.contains("€24.99") && !first.contains("€1.00"))
            #expect(second.contains("€1.00") && !second.contains("€24.99"))
            #expect(pack.string("ui.noSuchKey", ["amount": "€1.00"]) == nil)
        }
    }

    @Test func theSameParametersInEitherOrderFillTheSameStringAndOthersAnother() throws {
        let pack = try #require(Self.resources).pack(for: "en")
        for _ in 0..<2 {
            let one = try #require(pack.string("ui.fieldError", ["field": "Card number", "message": "is incomplete"]))
            #expect(one == "Card number: is incomplete")
            #expect(pack.string("ui.fieldError", ["message": "is incomplete", "field": "Card number"]) == one)
            #expect(pack.string("ui.fieldError", ["field": "is incomplete", "message": "Card number"]) == "is incomplete: Card number")
        }
    }

    @Test func aStateHashesAlikeWhenEqualAndStatesDifferingOnlyInWhatIsNotHashedStayApart() {
        let plain = FieldState(label: "Name", required: true, disabled: false, autoCapitalise: false)
        var relabelled = plain
        relabelled.label = "Full name"
        #expect(plain.hashValue == FieldState(label: "Name", required: true, disabled: false, autoCapitalise: false).hashValue)
        #expect(plain != relabelled)
        #expect(Set([plain, relabelled]).count == 2)
    }
}
