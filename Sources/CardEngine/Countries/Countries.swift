/// Every country the address data knows, looked up by ISO 3166-1 alpha-2 code.
///
/// The data is parsed once, on first use, and shared by every session. That first use costs about
/// 25 ms (mostly folding subdivision names for case- and accent-insensitive lookup): touch
/// `Countries.all` at start-up so no shopper's keystroke pays it.
public enum Countries {
    /// Every country, sorted by code.
    public static var all: [Country] { table.all }

    /// The country with ISO 3166-1 alpha-2 `code`, in any case (`us`, `US`); nil when unknown.
    public static func country(_ code: String) -> Country? {
        guard code.utf8.count == 2 else { return nil }
        return table.byCode[code.uppercased()].map { table.all[$0] }
    }

    /// Whether typing more after `prefix` (0 or 1 letters) could still give a known code.
    static func hasCode(startingWith prefix: String) -> Bool {
        let upper = prefix.uppercased()
        return table.all.contains { $0.code.hasPrefix(upper) }
    }

    private struct Table: Sendable {
        let all: [Country]
        let byCode: [String: Int]
    }

    /// Lazily initialised (Swift runs a static's initialiser once, thread-safely, on first use).
    private static let table: Table = {
        let countries: [Country]
        do {
            countries = try CountryData.parse(CountryData.raw).sorted { $0.code < $1.code }
        } catch {
            // Only a hand-edited generated file gets here; CountriesDataTests parse it on every run.
            preconditionFailure("CountryData+Generated.swift is unreadable: \(error)")
        }
        var byCode: [String: Int] = [:]
        for (index, country) in countries.enumerated() { byCode[country.code] = index }
        return Table(all: countries, byCode: byCode)
    }()
}
