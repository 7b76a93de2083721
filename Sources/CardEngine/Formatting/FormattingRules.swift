/// The rules the engine formats the card fields by, as data a page script can format with while
/// the shopper types, before any answer arrives (the server's answer stays the authority).
///
/// Read from the engine's own tables, so page and server never disagree on a range or a gap:
/// - `cardNumber.networks`: every network, those with prefix ranges first in detection priority
///   order (the order `CardNetwork.detect` breaks ties by), each with `id`, `name`, `ranges`
///   (`"51-55 2221-2229 4"`: inclusive prefix ranges, each speaking about as many leading digits
///   as its low end has), `lengths`, `gaps`, `longGaps` and `shortLength` (only where long numbers
///   group differently: past `shortLength` digits, `longGaps` apply), `securityCode` (its
///   lengths) and, when given, `icon`; `OTHER` last.
/// - `cardNumber.maxDigits`: the most digits the field takes while no network is known.
/// - `expiryDate`: `MM/YY` with its separator.
///
/// Separators come from the field table (`FieldSpec.separators`), as the inputs' own
/// `data-cf-separators` do. The cardholder name needs no rules here: the page only capitalises it
/// (`CardholderNameFormatter`, the same under every `CardholderNameRules`), and length and
/// characters are validation, which the server alone decides.
public enum FormattingRules {
    /// The rules as compact JSON (safe inside HTML, see `JSONValue.serialized`); `iconURLs` adds
    /// each network's badge URL.
    public static func json(iconURLs: [CardNetwork: String] = [:]) -> String {
        document(iconURLs: iconURLs).serialized
    }

    /// The rules as a JSON value.
    public static func document(iconURLs: [CardNetwork: String] = [:]) -> JSONValue {
        let ranged = CardNetwork.prefixTable.map(\.network)
        let order = ranged + CardNetwork.allCases.filter { !ranged.contains($0) && $0 != .other } + [.other]
        let ranges = Dictionary(uniqueKeysWithValues: CardNetwork.prefixTable.map { ($0.network, $0.ranges) })
        let networks = order.map { network in
            self.network(network, ranges: ranges[network] ?? [], icon: iconURLs[network])
        }
        return .object(JSONObject([
            ("cardNumber", .object(JSONObject([
                ("maxDigits", .integer(CardNumberFormatter.maxDigits)),
                ("separator", .string(FieldType.cardNumber.spec.separators)),
                ("networks", .array(networks)),
            ]))),
            ("expiryDate", .object(JSONObject([
                ("separator", .string(FieldType.expiryDate.spec.separators)),
                ("monthDigits", .integer(2)), ("yearDigits", .integer(2)),
            ]))),
        ]))
    }

    private static func network(_ network: CardNetwork, ranges: [PrefixRange], icon: String?) -> JSONValue {
        let rules = network.rules
        let integers = { (values: [Int]) in JSONValue.array(values.map(JSONValue.integer)) }
        var object = JSONObject([
            ("id", .string(network.rawValue)),
            ("name", .string(network.displayName)),
            ("ranges", .string(ranges.map { $0.low == $0.high ? "\($0.low)" : "\($0.low)-\($0.high)" }.joined(separator: " "))),
            ("lengths", integers(rules.lengths)),
            ("gaps", integers(rules.gaps)),
        ])
        // Only Diners Club groups long numbers differently: the others leave these out.
        if rules.longGaps != rules.gaps || rules.shortLength < CardNumberFormatter.maxDigits {
            object["longGaps"] = integers(rules.longGaps)
            object["shortLength"] = .integer(rules.shortLength)
        }
        object["securityCode"] = integers(rules.securityCode.lengths)
        if let icon { object["icon"] = .string(icon) }
        return .object(object)
    }
}
