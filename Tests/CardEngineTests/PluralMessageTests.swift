import CardEngine
import Foundation
import Testing

/// Messages that depend on a count: ICU plural patterns read, chosen by the catalog's language.
@Suite struct PluralMessageTests {
    static let english = "{count, plural, one {# field needs attention} other {# fields need attention}}"
    static let russian =
        "{count, plural, one {# поле требует внимания} few {# поля требуют внимания} many {# полей требуют внимания} other {# поля требуют внимания}}"

    @Test(arguments: [(1, "1 field needs attention"), (3, "3 fields need attention"), (0, "0 fields need attention")])
    func englishPicksOneOrOther(_ count: Int, _ message: String) {
        let catalog = MessageCatalog(strings: ["ui.errorCount": Self.english])
        #expect(catalog.plural("ui.errorCount", count: count) == message)
    }

    @Test(arguments: [(1, "1 поле"), (21, "21 поле"), (3, "3 поля"), (5, "5 полей"), (11, "11 полей"), (22, "22 поля")])
    func russianPicksByItsLastDigits(_ count: Int, _ start: String) {
        let catalog = MessageCatalog(strings: ["ui.errorCount": Self.russian], language: "ru")
        #expect(catalog.plural("ui.errorCount", count: count)?.hasPrefix(start + " ") == true)
    }

    @Test func theCatalogsGiveEachCatalogItsOwnLanguage() {
        let catalogs = MessageCatalogs(["en": MessageCatalog(strings: ["k": Self.english]), "ru": MessageCatalog(strings: ["k": Self.russian])])
        #expect(catalogs.catalog(for: "ru-RU").language == "ru")
        #expect(catalogs.catalog(for: "ru-RU").plural("k", count: 2) == "2 поля требуют внимания")
        #expect(catalogs.catalog(for: "de").plural("k", count: 2) == "2 fields need attention")
    }

    @Test func anExactCountWinsOverItsCategory() {
        let catalog = MessageCatalog(strings: ["k": "{count, plural, =0 {Nothing to fix} =1 {One thing} one {# thing} other {# things}}"])
        #expect(catalog.plural("k", count: 0) == "Nothing to fix")
        #expect(catalog.plural("k", count: 1) == "One thing")
        #expect(catalog.plural("k", count: 2) == "2 things")
    }

    @Test func aCategoryThePatternLacksFallsBackToOther() {
        let catalog = MessageCatalog(strings: ["k": "{count, plural, other {# champs}}"], language: "fr")
        #expect(catalog.plural("k", count: 1) == "1 champs")
    }

    @Test func placeholdersAndTheCountAreFilledInsideBranches() {
        let catalog = MessageCatalog(strings: ["k": "{n, plural, one {{who} fixed {n} field} other {{who} fixed # fields}}"])
        #expect(catalog.plural("k", count: 1, parameters: ["who": "Ada"]) == "Ada fixed 1 field")
        #expect(catalog.plural("k", count: 1_000, parameters: ["who": "Ada", "n": "1,000"]) == "Ada fixed 1,000 fields")
    }

    @Test func aPlainStringStandsForEveryCount() {
        let catalog = MessageCatalog(strings: ["k": "Fields to check: {count}"])
        #expect(catalog.plural("k", count: 4) == "Fields to check: 4")
        #expect(catalog.plural("missing", count: 4) == nil)
    }

    @Test(arguments: [
        "{count, plural, one {# field}}",
        "{count, plural, one {# field} few {# fields} other {# fields} one {again}}",
        "{count, plural, several {#} other {#}}",
        "{count, plural, other {# fields}",
        "{count, plural, other {# fields} } trailing",
        "{count, plural, =x {none} other {#}}",
    ])
    func aMalformedPatternIsRefused(_ text: String) {
        #expect(PluralPattern.looksLikePattern(text))
        #expect { try PluralPattern(parsing: text) } throws: { ($0 as? CatalogError)?.code == "invalid-plural" }
    }

    @Test func aPatternNamesItsCategoriesAndPlaceholders() throws {
        let pattern = try PluralPattern(parsing: Self.russian)
        #expect(pattern.argument == "count")
        #expect(Set(pattern.branches.keys) == [.one, .few, .many, .other])
        #expect(MessageCatalog.placeholders(in: Self.russian) == ["count"])
        #expect(MessageCatalog.placeholders(in: "{field}: {message} {not a name} {") == ["field", "message"])
        #expect(!PluralPattern.looksLikePattern("Pay {amount}"))
        #expect(!PluralPattern.looksLikePattern("{count, select, other {#}}"))
    }
}
