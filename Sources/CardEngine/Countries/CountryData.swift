/// The generated country facts (`CountryData+Generated.swift`) and the reader of their line format.
enum CountryData {
    /// Reads the line format the generator writes (described in the generated file's header).
    static func parse(_ text: String) throws(CountryDataError) -> [Country] {
        var countries: [Country] = []
        var pending: PendingCountry?
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            if line.hasPrefix("  ") {
                guard pending != nil else { throw malformed("subdivision before any country", lineNumber) }
                pending?.subdivisions.append(try subdivision(fields, lineNumber))
            } else {
                if let finished = pending { countries.append(try finished.country()) }
                pending = try PendingCountry(fields, lineNumber)
            }
        }
        if let finished = pending { countries.append(try finished.country()) }
        return countries
    }

    private static func subdivision(_ fields: [String], _ line: Int) throws(CountryDataError) -> Subdivision {
        guard fields.count == 4 else { throw malformed("a subdivision has 4 fields", line) }
        let key = String(fields[0].dropFirst(2))
        guard !key.isEmpty else { throw malformed("a subdivision needs a key", line) }
        return Subdivision(
            key: key, name: fields[1].nonEmpty, latinName: fields[2].nonEmpty, isoCode: fields[3].nonEmpty
        )
    }

    static func malformed(_ what: String, _ line: Int) -> CountryDataError {
        CountryDataError(code: "malformed-line", message: what, line: line)
    }
}

/// A country line read, waiting for its subdivision lines.
private struct PendingCountry {
    let fields: [String]
    let line: Int
    let postalKind: Country.PostalCodeKind
    let subdivisionKind: Country.SubdivisionKind
    let localityKind: Country.LocalityKind
    var subdivisions: [Subdivision] = []

    init(_ fields: [String], _ line: Int) throws(CountryDataError) {
        guard fields.count == 9 else { throw CountryData.malformed("a country has 9 fields", line) }
        guard fields[0].count == 2, fields[0].allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw CountryData.malformed("country code \(fields[0])", line)
        }
        guard let postal = Country.PostalCodeKind(rawValue: fields[1]),
            let subdivision = Country.SubdivisionKind(rawValue: fields[2]),
            let locality = Country.LocalityKind(rawValue: fields[3])
        else { throw CountryData.malformed("unknown kind in \(fields[1...3])", line) }
        self.fields = fields
        self.line = line
        postalKind = postal
        subdivisionKind = subdivision
        localityKind = locality
    }

    func country() throws(CountryDataError) -> Country {
        var pattern: PostalPattern?
        if let source = fields[8].nonEmpty {
            do {
                pattern = try PostalPattern(source)
            } catch {
                throw CountryDataError(code: error.code, message: error.message, line: line)
            }
        }
        return Country(
            code: fields[0], postalCodeKind: postalKind, subdivisionKind: subdivisionKind,
            localityKind: localityKind, language: fields[6].nonEmpty, requiredFields: fields[4],
            upperCaseFields: fields[5],
            postalCodeExamples: fields[7].split(separator: ",").map(String.init),
            postalPattern: pattern, subdivisions: subdivisions
        )
    }
}

extension String {
    fileprivate var nonEmpty: String? { isEmpty ? nil : self }
}
