import Foundation

/// Reads and bounds the values of a session request, one kind of value per method; every refusal
/// names the offending key's path.
struct ConfigurationReader {
    static let maxAmount = 1_000_000_000_000

    func failure(_ code: String, _ message: String, _ path: String?) -> ConfigurationError {
        ConfigurationError(code: code, message: message, field: path)
    }

    func rejectUnknownKeys(_ object: JSONObject, allowed: Set<String>, path: String?) throws(ConfigurationError) {
        for key in object.keys where !allowed.contains(key) {
            let full = path.map { "\($0).\(key)" } ?? key
            throw failure("unknown-key", "Unknown key \"\(key)\".", full)
        }
    }

    func string(_ value: JSONValue, path: String, max: Int) throws(ConfigurationError) -> String {
        guard case .string(let text) = value else {
            throw failure("invalid-type", "Expected a string, found a \(value.typeName).", path)
        }
        guard text.count <= max else { throw failure("too-long", "At most \(max) characters.", path) }
        return text
    }

    func bool(_ value: JSONValue, path: String) throws(ConfigurationError) -> Bool {
        guard case .bool(let flag) = value else {
            throw failure("invalid-type", "Expected true or false, found a \(value.typeName).", path)
        }
        return flag
    }

    func array(_ value: JSONValue, path: String, max: Int) throws(ConfigurationError) -> [JSONValue] {
        guard case .array(let elements) = value else {
            throw failure("invalid-type", "Expected an array, found a \(value.typeName).", path)
        }
        guard elements.count <= max else { throw failure("too-many", "At most \(max) entries.", path) }
        return elements
    }

    func object(_ value: JSONValue, path: String, max: Int) throws(ConfigurationError) -> JSONObject {
        guard case .object(let object) = value else {
            throw failure("invalid-type", "Expected an object, found a \(value.typeName).", path)
        }
        guard object.count <= max else { throw failure("too-many", "At most \(max) entries.", path) }
        return object
    }

    func fieldList(_ value: JSONValue, path: String, allowed: [FieldType]) throws(ConfigurationError) -> [FieldType] {
        var fields: [FieldType] = []
        for (index, element) in try array(value, path: path, max: 16).enumerated() {
            let name = try string(element, path: "\(path).\(index)", max: 40)
            guard let field = FieldType(rawValue: name), allowed.contains(field) else {
                throw failure("unknown-field", "\"\(name)\" is not one of \(allowed.map(\.rawValue).joined(separator: ", ")).", "\(path).\(index)")
            }
            guard !fields.contains(field) else { throw failure("duplicate-field", "\"\(name)\" appears twice.", path) }
            fields.append(field)
        }
        return fields
    }

    func networks(_ value: JSONValue) throws(ConfigurationError) -> [CardNetwork] {
        let path = "orderedAllowedCardNetworks"
        var networks: [CardNetwork] = []
        for (index, element) in try array(value, path: path, max: 32).enumerated() {
            let name = try string(element, path: "\(path).\(index)", max: 40)
            guard let network = CardNetwork(rawValue: name) else {
                throw failure("unknown-network", "Unknown card network \"\(name)\".", "\(path).\(index)")
            }
            guard !networks.contains(network) else { throw failure("duplicate-network", "\(name) appears twice.", path) }
            networks.append(network)
        }
        guard !networks.isEmpty else { throw failure("invalid-value", "List at least one network.", path) }
        return networks
    }

    func minorUnits(_ value: JSONValue, path: String) throws(ConfigurationError) -> Int {
        guard case .number(let literal) = value else {
            throw failure("invalid-type", "Expected a whole number of minor units, found a \(value.typeName).", path)
        }
        guard let amount = Int(literal) else {
            throw failure("invalid-amount", "Amounts are whole numbers of minor units.", path)
        }
        guard (0...Self.maxAmount).contains(amount) else {
            throw failure("invalid-amount", amount < 0 ? "An amount cannot be negative." : "The amount is too large.", path)
        }
        return amount
    }

    /// ISO 4217 codes Foundation knows (ICU's list).
    static let currencyCodes = Set(Locale.commonISOCurrencyCodes)

    func currency(_ value: JSONValue) throws(ConfigurationError) -> String {
        let code = try string(value, path: "currency", max: 8).uppercased()
        guard code.count == 3, Self.currencyCodes.contains(code) else {
            throw failure("invalid-currency", "\"\(code)\" is not an ISO 4217 currency code.", "currency")
        }
        return code
    }

    func surcharges(_ value: JSONValue) throws(ConfigurationError) -> [CardNetwork: Int] {
        var result: [CardNetwork: Int] = [:]
        for (name, amount) in try object(value, path: "surcharges", max: 32).members {
            guard let network = CardNetwork(rawValue: name) else {
                throw failure("unknown-network", "Unknown card network \"\(name)\".", "surcharges.\(name)")
            }
            result[network] = try minorUnits(amount, path: "surcharges.\(name)")
        }
        return result
    }

    /// A well-formed BCP 47 tag: a 2–3 letter language, then subtags of 1–8 letters or digits.
    func locale(_ value: JSONValue) throws(ConfigurationError) -> String {
        let tag = try string(value, path: "locale", max: 35)
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let isAlphanumeric: (Substring) -> Bool = { $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard let language = subtags.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }),
            subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && isAlphanumeric($0) })
        else { throw failure("invalid-locale", "\"\(tag)\" is not a BCP 47 language tag.", "locale") }
        return tag
    }

    func origins(_ value: JSONValue) throws(ConfigurationError) -> [String] {
        var origins: [String] = []
        for (index, element) in try array(value, path: "allowedOrigins", max: 20).enumerated() {
            let origin = try string(element, path: "allowedOrigins.\(index)", max: 200)
            guard OriginPattern(origin) != nil else {
                throw failure(
                    "invalid-origin",
                    "\"\(origin)\" is not an origin like https://shop.example (no path) or a pattern like https://*.shop.example.",
                    "allowedOrigins.\(index)")
            }
            origins.append(origin)
        }
        return origins
    }

    /// `appearance`: theme variables, and `colorScheme` (taken out of the variables).
    func appearance(_ value: JSONValue) throws(ConfigurationError) -> (variables: JSONObject, colorScheme: ColorScheme) {
        let object = try object(value, path: "appearance", max: 100)
        var variables: [(key: String, value: JSONValue)] = []
        var scheme = ColorScheme.light
        for (name, variable) in object.members {
            guard name.count <= 64 else { throw failure("too-long", "Names are at most 64 characters.", "appearance.\(name)") }
            let text = try string(variable, path: "appearance.\(name)", max: 256)
            guard name == "colorScheme" else {
                variables.append((name, variable))
                continue
            }
            guard let parsed = ColorScheme(rawValue: text) else {
                throw failure("invalid-value", "appearance.colorScheme is \"light\", \"dark\" or \"auto\".", "appearance.colorScheme")
            }
            scheme = parsed
        }
        return (JSONObject(variables), scheme)
    }

    /// `cardholderName`: `{"rules": "default" | "pxp"}`.
    func cardholderNameRules(_ value: JSONValue) throws(ConfigurationError) -> CardholderNameRules {
        let object = try object(value, path: "cardholderName", max: 8)
        try rejectUnknownKeys(object, allowed: ["rules"], path: "cardholderName")
        guard let rules = object["rules"] else { return .default }
        let name = try string(rules, path: "cardholderName.rules", max: 20)
        guard let parsed = CardholderNameRules(rawValue: name) else {
            throw failure("invalid-value", "cardholderName.rules is \"default\" or \"pxp\".", "cardholderName.rules")
        }
        return parsed
    }

    /// Any JSON, at most 8 KiB once written (the body's depth limit already bounds nesting).
    func metadata(_ value: JSONValue) throws(ConfigurationError) -> JSONValue {
        guard value.serialized.utf8.count <= 8 * 1024 else {
            throw failure("too-long", "Metadata is at most 8 KiB of JSON.", "metadata")
        }
        return value
    }
}
