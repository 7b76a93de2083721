import Foundation
import Synchronization

/// Formats amounts given in minor units with Foundation's currency formatting (ICU), in a locale.
public enum MoneyFormatter {
    /// `minorUnits` of `currency` as the locale writes money: 109 EUR in `en` is "€1.09", in `fr`
    /// "1,09 €"; 500 JPY is "¥500".
    ///
    /// ICU formatting costs tens of microseconds and the pay button shows an amount on every
    /// keystroke, while a session only ever shows a handful of amounts: results are remembered.
    public static func format(minorUnits: Int, currency: String, locale: String) -> String {
        let key = Key(minorUnits: minorUnits, currency: currency, locale: locale)
        if let known = cache.withLock({ $0[key] }) { return known }
        let value = Decimal(minorUnits) / pow(Decimal(10), minorUnitDigits(currency))
        let text = value.formatted(.currency(code: currency).locale(Locale(identifier: locale)))
        cache.withLock { cache in
            if cache.count >= maxCached { cache.removeAll(keepingCapacity: true) }
            cache[key] = text
        }
        return text
    }

    /// `amount` plus `surcharge` (minor units), formatted; nil without an amount or a currency.
    /// What the pay button shows (`CardSession.formattedTotal`).
    public static func formattedTotal(amount: Int?, surcharge: Int?, currency: String?, locale: String) -> String? {
        guard let amount, let currency else { return nil }
        return format(minorUnits: amount + (surcharge ?? 0), currency: currency, locale: locale)
    }

    private struct Key: Hashable {
        var minorUnits: Int
        var currency: String
        var locale: String
    }

    /// Bounded: a server seeing endless distinct amounts starts over rather than growing.
    private static let maxCached = 4_096
    private static let cache = Mutex<[Key: String]>([:])

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
