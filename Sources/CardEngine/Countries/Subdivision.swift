import Foundation

/// A country's first-level subdivision (state, province, prefecture, emirate…) as the address data
/// lists it.
public struct Subdivision: Sendable, Hashable, Identifiable {
    /// The value a shopper submits: the ISO 3166-2 code without the country prefix where the data
    /// gives one (`CA` for California, `13` for Tokyo, `QC` for Quebec), else the data's key.
    public let code: String
    /// Google's key: what the postal service expects on an envelope (`CA`, `東京都`, `Co. Dublin`).
    public let key: String
    /// The name in the country's own language (`California`, `東京都`, `九龍`).
    public let name: String
    /// The name in Latin script, where the country's own is another (`Tokyo`, `Kowloon`).
    public let latinName: String?
    /// The ISO 3166-2 code without the country prefix, where the data gives one.
    public let isoCode: String?
    /// `code`, `key`, `name` and `latinName`, folded for comparison (see `Subdivision.fold`).
    let foldedForms: [String]

    public var id: String { code }

    init(key: String, name: String?, latinName: String?, isoCode: String?) {
        self.key = key
        self.name = name ?? key
        self.latinName = latinName
        self.isoCode = isoCode
        code = isoCode ?? key
        var forms: [String] = []
        for form in [code, key, self.name, latinName].compactMap(\.self) {
            let folded = Subdivision.fold(form)
            if !forms.contains(folded) { forms.append(folded) }
        }
        foldedForms = forms
    }

    /// Whether `folded` (already folded) names this subdivision.
    func isNamed(_ folded: String) -> Bool {
        foldedForms.contains(folded)
    }

    /// Whether typing more after `folded` could still name this subdivision.
    func couldBeNamed(startingWith folded: String) -> Bool {
        foldedForms.contains { $0.hasPrefix(folded) }
    }

    /// Case- and accent-insensitive form used to compare what a shopper typed with the data:
    /// "quebec" finds "Québec", "alava" finds "Álava". Surrounding whitespace is ignored.
    static func fold(_ text: some StringProtocol) -> String {
        text.trimmingCharacters(in: .whitespaces)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    public static func == (lhs: Subdivision, rhs: Subdivision) -> Bool {
        lhs.code == rhs.code && lhs.key == rhs.key
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(key)
    }
}
