import Foundation

/// Formats amounts given in minor units with Foundation's currency formatting (ICU), in a locale.
public enum MoneyFormatter {
    /// `minorUnits` of `currency` as the locale writes money: 109 EUR in `en` is "€1.09", in `fr`
    /// "1,09 €"; 500 JPY is "¥500".
    public static func format(minorUnits: Int, currency: String, locale: String) -> String {
        let value = Decimal(minorUnits) / pow(Decimal(10), minorUnitDigits(currency))
        return value.formatted(.currency(code: currency).locale(Locale(identifier: locale)))
    }

    /// ISO 4217's minor-unit exponent: 2 for most currencies, these differ (facts from the ISO 4217
    /// list): no minor unit for the yen, won, CFA francs…; three digits for the dinars of Bahrain,
    /// Iraq, Jordan, Kuwait, Libya, Tunisia and the Omani rial; four for the Chilean and Uruguayan
    /// units of account.
    public static func minorUnitDigits(_ currency: String) -> Int {
        switch currency {
        case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
            "XAF", "XOF", "XPF":
            0
        case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND": 3
        case "CLF", "UYW": 4
        default: 2
        }
    }
}
