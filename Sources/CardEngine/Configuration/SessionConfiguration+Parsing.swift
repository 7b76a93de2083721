import Foundation

extension SessionConfiguration {
    /// The largest request body read.
    public static let maxBodyBytes = 64 * 1024

    /// Reads a `POST /api/sessions` body.
    ///
    /// - Parameter defaults: the server's `defaults` (session options applied where the request
    ///   does not set them), merged key by key under the request, objects deeply.
    public static func parse(
        _ body: some Collection<UInt8>, defaults: JSONObject? = nil
    ) throws(ConfigurationError) -> SessionConfiguration {
        guard body.count <= maxBodyBytes else {
            throw ConfigurationError(code: "too-large", message: "The body is over \(maxBodyBytes) bytes.", field: nil)
        }
        let root: JSONValue
        do {
            // Empty bodies are allowed: every key is optional.
            root = body.isEmpty ? .object(JSONObject()) : try JSONValue.parse(body, maxDepth: 16)
        } catch {
            throw ConfigurationError(code: "invalid-json", message: "The body is not JSON: \(error.message).", field: nil)
        }
        guard case .object(var object) = root else {
            throw ConfigurationError(code: "invalid-json", message: "The body must be a JSON object.", field: nil)
        }
        if let defaults { object = Self.merge(object, over: defaults, depth: 0) }
        return try SessionConfiguration(object)
    }

    /// Reads the options from a parsed JSON object.
    public init(_ object: JSONObject) throws(ConfigurationError) {
        self.init()
        try read(object)
    }

    /// This configuration with the keys `object` holds read over it, as a session body would set
    /// them (`PATCH /api/sessions/<id>`'s `options`); a field's options replace that field's.
    public func applying(_ object: JSONObject) throws(ConfigurationError) -> SessionConfiguration {
        var changed = self
        let fields = changed.fields
        try changed.read(object)
        if object["fields"] != nil { changed.fields = fields.merging(changed.fields) { _, new in new } }
        return changed
    }

    private mutating func read(_ object: JSONObject) throws(ConfigurationError) {
        let reader = ConfigurationReader()
        try reader.rejectUnknownKeys(object, allowed: Self.keys, path: nil)
        try readFields(object, reader)
        try readPayment(object, reader)
        if let value = object["locale"] {
            locale = try reader.locale(value)
            isLocaleSet = true
        }
        if let value = object["customerId"] { customerId = try reader.string(value, path: "customerId", max: 200) }
        if let value = object["allowedOrigins"] { allowedOrigins = try reader.origins(value) }
        if let value = object["fields"] { fields = try reader.fieldOptions(value) }
        if let value = object["appearance"] { (appearance, colorScheme) = try reader.appearance(value) }
        if let value = object["metadata"] { metadata = try reader.metadata(value) }
        if let value = object["cardholderName"] { cardholderNameRules = try reader.cardholderNameRules(value) }
        for field in FieldType.allCases where field.isCardData && fields[field]?.defaultValue != nil {
            throw ConfigurationError(
                code: "default-value-not-allowed", message: "A card number, expiry date or CVV cannot be prefilled.",
                field: "fields.\(field.rawValue).defaultValue")
        }
    }

    static let keys: Set<String> = [
        "cardFields", "billingFields", "requiresBillingAddress", "orderedAllowedCardNetworks", "amount", "currency",
        "surcharges", "locale", "customerId", "allowedOrigins", "fields", "appearance", "metadata", "cardholderName",
    ]

    private mutating func readFields(_ object: JSONObject, _ reader: ConfigurationReader) throws(ConfigurationError) {
        if let value = object["cardFields"] {
            cardFields = try reader.fieldList(value, path: "cardFields", allowed: FieldType.cardFields)
            for required in [FieldType.cardNumber, .expiryDate] where !cardFields.contains(required) {
                throw ConfigurationError(
                    code: "missing-card-field", message: "cardFields must include \(required.rawValue).",
                    field: "cardFields")
            }
        }
        if let value = object["billingFields"] {
            billingFields = try reader.fieldList(value, path: "billingFields", allowed: FieldType.billingFields)
        }
        if let value = object["requiresBillingAddress"] {
            requiresBillingAddress = try reader.bool(value, path: "requiresBillingAddress")
        } else if object["billingFields"] != nil {
            requiresBillingAddress = !billingFields.isEmpty
        }
    }

    private mutating func readPayment(_ object: JSONObject, _ reader: ConfigurationReader) throws(ConfigurationError) {
        if let value = object["orderedAllowedCardNetworks"] { orderedAllowedCardNetworks = try reader.networks(value) }
        if let value = object["amount"] { amount = try reader.minorUnits(value, path: "amount") }
        if let value = object["currency"] { currency = try reader.currency(value) }
        if let value = object["surcharges"] { surcharges = try reader.surcharges(value) }
        if currency == nil, amount != nil || !surcharges.isEmpty {
            throw ConfigurationError(
                code: "missing-currency", message: "An amount or surcharges need a currency.", field: "currency")
        }
        // The total the shopper pays is bounded like any amount: a surcharge may not push it past.
        if let amount {
            for (network, surcharge) in surcharges.sorted(by: { $0.key.rawValue < $1.key.rawValue })
            where surcharge > ConfigurationReader.maxAmount - amount {
                throw ConfigurationError(
                    code: "invalid-amount",
                    message: "The amount with the \(network.rawValue) surcharge is over the largest amount (\(ConfigurationReader.maxAmount) minor units).",
                    field: "surcharges.\(network.rawValue)")
            }
        }
    }

    /// `over` with `object`'s members laid on top; objects merge member by member.
    public static func merge(_ object: JSONObject, over base: JSONObject, depth: Int) -> JSONObject {
        var result = base
        for (key, value) in object.members {
            if depth < 4, case .object(let mine) = value, case .object(let theirs)? = base[key] {
                result[key] = .object(merge(mine, over: theirs, depth: depth + 1))
            } else {
                result[key] = value
            }
        }
        return result
    }
}
