import Testing
import CardEngine

@Suite("Countries")
struct CountriesTests {
    struct Facts: Sendable, CustomTestStringConvertible {
        let code: String
        let postal: Country.PostalCodeKind
        let subdivision: Country.SubdivisionKind
        let hasPostalCode: Bool
        let requiresPostalCode: Bool
        let requiresState: Bool
        let requiresCity: Bool
        let upperCasePostalCode: Bool
        let subdivisionCount: Int
        var testDescription: String { code }
    }

    static let facts: [Facts] = [
        Facts(code: "US", postal: .zip, subdivision: .state, hasPostalCode: true, requiresPostalCode: true,
              requiresState: true, requiresCity: true, upperCasePostalCode: false, subdivisionCount: 62),
        Facts(code: "GB", postal: .postal, subdivision: .province, hasPostalCode: true, requiresPostalCode: true,
              requiresState: false, requiresCity: true, upperCasePostalCode: true, subdivisionCount: 0),
        Facts(code: "CA", postal: .postal, subdivision: .province, hasPostalCode: true, requiresPostalCode: true,
              requiresState: true, requiresCity: true, upperCasePostalCode: true, subdivisionCount: 13),
        Facts(code: "JP", postal: .postal, subdivision: .prefecture, hasPostalCode: true, requiresPostalCode: true,
              requiresState: true, requiresCity: false, upperCasePostalCode: false, subdivisionCount: 47),
        Facts(code: "DE", postal: .postal, subdivision: .province, hasPostalCode: true, requiresPostalCode: true,
              requiresState: false, requiresCity: true, upperCasePostalCode: false, subdivisionCount: 0),
        Facts(code: "IE", postal: .eircode, subdivision: .county, hasPostalCode: true, requiresPostalCode: false,
              requiresState: false, requiresCity: true, upperCasePostalCode: true, subdivisionCount: 26),
        Facts(code: "IN", postal: .pin, subdivision: .state, hasPostalCode: true, requiresPostalCode: true,
              requiresState: true, requiresCity: true, upperCasePostalCode: false, subdivisionCount: 36),
        Facts(code: "AE", postal: .postal, subdivision: .emirate, hasPostalCode: false, requiresPostalCode: false,
              requiresState: true, requiresCity: false, upperCasePostalCode: false, subdivisionCount: 7),
        Facts(code: "BR", postal: .postal, subdivision: .state, hasPostalCode: true, requiresPostalCode: true,
              requiresState: true, requiresCity: true, upperCasePostalCode: false, subdivisionCount: 27),
        Facts(code: "NL", postal: .postal, subdivision: .province, hasPostalCode: true, requiresPostalCode: true,
              requiresState: false, requiresCity: true, upperCasePostalCode: true, subdivisionCount: 0),
        Facts(code: "HK", postal: .postal, subdivision: .area, hasPostalCode: false, requiresPostalCode: false,
              requiresState: true, requiresCity: false, upperCasePostalCode: false, subdivisionCount: 3),
    ]

    @Test("each country's address facts are as the data says", arguments: facts)
    func countryFacts(_ expected: Facts) throws {
        let country = try #require(Countries.country(expected.code))
        #expect(country.postalCodeKind == expected.postal)
        #expect(country.subdivisionKind == expected.subdivision)
        #expect(country.hasPostalCode == expected.hasPostalCode)
        #expect(country.requiresPostalCode == expected.requiresPostalCode)
        #expect(country.requiresState == expected.requiresState)
        #expect(country.requiresCity == expected.requiresCity)
        #expect(country.isPostalUpperCase == expected.upperCasePostalCode)
        #expect(country.subdivisions.count == expected.subdivisionCount)
        #expect(country.hasSubdivisions == (expected.subdivisionCount > 0))
    }

    @Test("a country is found by its code in any case, and unknown or malformed codes find nothing",
          arguments: [("us", "US"), ("Gb", "GB"), ("jp", "JP"), ("xk", "XK")])
    func lookupIgnoresCase(input: String, code: String) {
        #expect(Countries.country(input)?.code == code)
    }

    @Test("unknown or malformed country codes find nothing",
          arguments: ["", "U", "USA", "ZZ", "QQ", " US", "U1", "ÜS"])
    func unknownCodesFindNothing(_ input: String) {
        #expect(Countries.country(input) == nil)
    }

    @Test("a country's name comes from the locale it is shown in", arguments: [
        ("US", "en", "United States"), ("US", "fr", "États-Unis"), ("DE", "de", "Deutschland"),
        ("JP", "es", "Japón"), ("GB", "en_GB", "United Kingdom"),
    ])
    func localizedNames(code: String, locale: String, name: String) throws {
        let country = try #require(Countries.country(code))
        #expect(country.localizedName(locale: locale) == name)
    }

    @Test("a subdivision is found by code, name or latin name, ignoring case and accents", arguments: [
        ("US", "CA", "CA"), ("US", "california", "CA"), ("US", " New York ", "NY"),
        ("US", "PR", "PR"), ("CA", "Quebec", "QC"), ("CA", "qc", "QC"),
        ("JP", "Tokyo", "13"), ("JP", "東京都", "13"), ("JP", "13", "13"),
        ("AE", "Dubai", "DU"), ("AE", "دبي", "DU"), ("IE", "Co. Dublin", "D"),
        ("BR", "São Paulo", "SP"), ("BR", "sao paulo", "SP"), ("ES", "Alava", "VI"),
        ("HK", "Kowloon", "Kowloon"), ("HK", "九龍", "Kowloon"), ("IN", "Tamil Nadu", "TN"),
    ])
    func subdivisionLookup(countryCode: String, text: String, code: String) throws {
        let country = try #require(Countries.country(countryCode))
        #expect(country.subdivision(matching: text)?.code == code)
    }

    @Test("text naming no subdivision finds nothing", arguments: [
        ("US", "Californi"), ("US", "Ontario"), ("CA", "CA"), ("JP", ""), ("GB", "Kent"),
    ])
    func subdivisionLookupMisses(countryCode: String, text: String) throws {
        let country = try #require(Countries.country(countryCode))
        #expect(country.subdivision(matching: text) == nil)
    }

    @Test("a subdivision shows in the country's language to its readers and in latin script to others",
          arguments: [
              ("JP", "13", "ja", "東京都"), ("JP", "13", "en", "Tokyo"), ("JP", "13", "fr_FR", "Tokyo"),
              ("HK", "Kowloon", "zh-Hant", "九龍"), ("HK", "Kowloon", "en", "Kowloon"),
              ("US", "CA", "fr", "California"),
          ])
    func subdivisionDisplayName(countryCode: String, code: String, locale: String, shown: String) throws {
        let country = try #require(Countries.country(countryCode))
        let subdivision = try #require(country.subdivision(matching: code))
        #expect(country.displayName(of: subdivision, locale: locale) == shown)
    }

    @Test("label keys name the country's own words for postal code, state and city", arguments: [
        ("US", "postalCode.zip", "state.state", "city.city"),
        ("IE", "postalCode.eircode", "state.county", "city.city"),
        ("IN", "postalCode.pin", "state.state", "city.city"),
        ("GB", "postalCode.postal", "state.province", "city.postTown"),
        ("KR", "postalCode.postal", "state.doSi", "city.city"),
        ("AE", "postalCode.postal", "state.emirate", "city.city"),
        ("HK", "postalCode.postal", "state.area", "city.district"),
    ])
    func labelKeys(countryCode: String, postal: String, state: String, city: String) throws {
        let country = try #require(Countries.country(countryCode))
        let keys = BillingRules.labelKeys(for: country)
        #expect(keys == [.postalCode: postal, .state: state, .city: city])
    }

    @Test("without a country the labels are the data's defaults")
    func labelKeysWithoutCountry() {
        #expect(BillingRules.labelKeys(for: nil)
            == [.postalCode: "postalCode.postal", .state: "state.province", .city: "city.city"])
    }
}
