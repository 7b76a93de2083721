import Foundation

/// What an address form needs to know about one country: what to ask, what to call it, and the
/// postal-code format. Facts come from Google's address metadata (see ATTRIBUTION.md).
public struct Country: Sendable, Hashable, Identifiable {
    /// ISO 3166-1 alpha-2 code, upper case (`US`, `GB`). The data also has `AC`, `TA` and `XK`.
    public let code: String
    /// What the postal code is called here (ZIP code, PIN code, Eircode, postal code).
    public let postalCodeKind: PostalCodeKind
    /// What the first-level subdivision is called here (state, province, prefecture…).
    public let subdivisionKind: SubdivisionKind
    /// What the city line is called here (city, post town, district, suburb).
    public let localityKind: LocalityKind
    /// The language the data writes names in (`ja`, `zh-Hant`), when it says.
    public let language: String?
    /// Valid postal codes from the data, the first being the most typical (`SW1A`-style for GB).
    public let postalCodeExamples: [String]
    /// The subdivisions a shopper picks from, in the data's order; empty where there is no list.
    public let subdivisions: [Subdivision]
    /// Google's field letters: `A` street, `C` city, `S` state, `Z` postal code, …
    let requiredFields: Set<Character>
    let upperCaseFields: Set<Character>
    let postalPattern: PostalPattern?

    public var id: String { code }

    init(
        code: String, postalCodeKind: PostalCodeKind, subdivisionKind: SubdivisionKind,
        localityKind: LocalityKind, language: String?, requiredFields: String,
        upperCaseFields: String, postalCodeExamples: [String], postalPattern: PostalPattern?,
        subdivisions: [Subdivision]
    ) {
        self.code = code
        self.postalCodeKind = postalCodeKind
        self.subdivisionKind = subdivisionKind
        self.localityKind = localityKind
        self.language = language
        self.requiredFields = Set(requiredFields)
        self.upperCaseFields = Set(upperCaseFields)
        self.postalCodeExamples = postalCodeExamples
        self.postalPattern = postalPattern
        self.subdivisions = subdivisions
        // Google marks a field upper-case for envelopes; we also upper-case every postal code
        // whose format has letters, since the patterns only accept capitals (NL `1234 AB`).
        isPostalUpperCase = self.upperCaseFields.contains("Z")
            || (postalPattern?.source.unicodeScalars.contains { ("A"..."Z").contains($0) } ?? false)
    }

    /// Whether the country has postal codes at all; where it has none the form does not ask.
    public var hasPostalCode: Bool { postalPattern != nil }
    /// The postal-code regular expression as the data writes it (matched against the whole value).
    public var postalCodePattern: String? { postalPattern?.source }
    /// Whether a postal code is written in capitals (GB, CA, NL…): the form upper-cases it.
    public let isPostalUpperCase: Bool
    /// Whether addresses here need a postal code.
    public var requiresPostalCode: Bool { hasPostalCode && requiredFields.contains("Z") }
    /// Whether addresses here need a state, province… (US, CA, BR, JP, AE, HK…).
    public var requiresState: Bool { requiredFields.contains("S") }
    /// Whether addresses here need a city.
    public var requiresCity: Bool { requiredFields.contains("C") }
    /// Whether addresses here need a street address.
    public var requiresStreetAddress: Bool { requiredFields.contains("A") }
    /// Whether the state is chosen from a list (`subdivisions`) rather than typed freely.
    public var hasSubdivisions: Bool { !subdivisions.isEmpty }

    /// The subdivision named by `text`: its code, key, name or latin name, ignoring case and
    /// accents (`ca`, `California`, `13`, `Tokyo` and `東京都` all work).
    public func subdivision(matching text: String) -> Subdivision? {
        guard text.utf8.count <= Country.maximumSubdivisionBytes else { return nil }
        let folded = Subdivision.fold(text)
        guard !folded.isEmpty else { return nil }
        return subdivisions.first { $0.isNamed(folded) }
    }

    /// The international calling code, `+33` (several countries share `+1`, `+7`…); nil for a
    /// region without telephone numbers of its own.
    public var dialCode: String? { Self.dialCodes[code] }

    /// The country's name in the language of `localeIdentifier` (`fr` → "États-Unis"), from
    /// Foundation's locale data; the code itself where the locale data has no name.
    public func localizedName(locale localeIdentifier: String) -> String {
        Locale(identifier: localeIdentifier).localizedString(forRegionCode: code) ?? code
    }

    /// How to show `subdivision` to a reader of `localeIdentifier`: its own-language name for
    /// readers of the country's language, else its latin name where the data has one.
    public func displayName(of subdivision: Subdivision, locale localeIdentifier: String) -> String {
        let reader = Locale(identifier: localeIdentifier).language.languageCode?.identifier
        let own = language.flatMap { Locale(identifier: $0).language.languageCode?.identifier }
        if let latin = subdivision.latinName, reader != own { return latin }
        return subdivision.name
    }

    /// Longer than any subdivision name in the data (bytes of UTF-8): longer input is rejected
    /// without folding it.
    static let maximumSubdivisionBytes = 256

    public static func == (lhs: Country, rhs: Country) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
