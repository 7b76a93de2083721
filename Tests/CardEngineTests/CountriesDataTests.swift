import Testing
@testable import CardEngine

/// The generated file (scripts/generate-countries.py) as the engine reads it.
@Suite("Generated country data")
struct CountriesDataTests {
    @Test("the committed generated data parses without error")
    func generatedDataParses() throws {
        let countries = try CountryData.parse(CountryData.raw)
        #expect(countries.count == 252)
    }

    @Test("every country is listed once, sorted by code, and found by its code")
    func everyCountryListedOnceAndSorted() {
        let codes = Countries.all.map(\.code)
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
        for country in Countries.all {
            #expect(Countries.country(country.code) == country)
        }
    }

    @Test("every example postal code in the data matches its own country's format")
    func examplesMatchTheirOwnFormat() {
        var checked = 0
        for country in Countries.all {
            for example in country.postalCodeExamples {
                let check = BillingRules.check(
                    .postalCode, value: example, country: country, required: true, mode: .submit)
                #expect(check.isValid, "\(country.code) example \(example)")
                checked += 1
            }
        }
        #expect(checked > 400)
    }

    @Test("every country with postal codes gives at least one example for the error message")
    func postalCountriesHaveExamples() {
        for country in Countries.all where country.hasPostalCode {
            #expect(!country.postalCodeExamples.isEmpty, "\(country.code)")
        }
    }

    @Test("subdivision codes are unique within each country and each one finds itself")
    func subdivisionCodesUnique() {
        for country in Countries.all {
            let codes = country.subdivisions.map { $0.code.lowercased() }
            #expect(Set(codes).count == codes.count, "\(country.code)")
            for subdivision in country.subdivisions {
                #expect(country.subdivision(matching: subdivision.code) == subdivision)
            }
        }
    }

    @Test("the label kinds found in the data are exactly the ones the locales are written for")
    func kindsInDataAreKnown() {
        #expect(Set(Countries.all.map(\.postalCodeKind)) == Set(Country.PostalCodeKind.allCases))
        #expect(Set(Countries.all.map(\.subdivisionKind)) == Set(Country.SubdivisionKind.allCases))
        #expect(Set(Countries.all.map(\.localityKind)) == Set(Country.LocalityKind.allCases))
    }

    @Test("a malformed line is reported with its line number", arguments: [
        ("US;zip;state;city;ACSZ;CS;en;95014", 1, "malformed-line"),
        ("US;zip;shire;city;ACSZ;CS;en;95014;\\d{5}", 1, "malformed-line"),
        ("  AL;Alabama;;AL", 1, "malformed-line"),
        ("US;zip;state;city;ACSZ;CS;en;95014;\\d{5}\n  AL;Alabama", 2, "malformed-line"),
        ("US;zip;state;city;ACSZ;CS;en;95014;(\\d{5}", 1, "invalid-pattern"),
    ])
    func malformedLineReported(text: String, line: Int, code: String) {
        #expect {
            _ = try CountryData.parse(text)
        } throws: { error in
            let error = error as? CountryDataError
            return error?.line == line && error?.code == code
        }
    }
}
