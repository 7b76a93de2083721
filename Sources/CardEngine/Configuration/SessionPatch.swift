/// A `PATCH /api/sessions/<id>` body: values for fields the card is not made of, and options
/// read over the session's (`SessionConfiguration.applying`).
public struct SessionPatch: Sendable {
    /// The values to set, in the order given.
    public var values: [(field: FieldType, value: String)] = []
    /// Options as a session body sets them, or nil.
    public var options: JSONObject?

    /// Reads a body `{"fields": {"<field>": "<value>", …}, "options": {…}}`. The card number,
    /// expiry and CVV are refused (`card-field-not-allowed`): only the shopper types them.
    public static func parse(_ body: some Collection<UInt8>) throws(ConfigurationError) -> SessionPatch {
        guard body.count <= SessionConfiguration.maxBodyBytes else {
            throw ConfigurationError(code: "too-large", message: "The body is over \(SessionConfiguration.maxBodyBytes) bytes.", field: nil)
        }
        guard case .object(let object)? = try? JSONValue.parse(body, maxDepth: 16) else {
            throw ConfigurationError(code: "invalid-json", message: "The body must be a JSON object.", field: nil)
        }
        let reader = ConfigurationReader()
        try reader.rejectUnknownKeys(object, allowed: ["fields", "options"], path: nil)
        var patch = SessionPatch()
        if let fields = object["fields"] {
            for (name, value) in try reader.object(fields, path: "fields", max: FieldType.allCases.count).members {
                guard let field = FieldType(rawValue: name) else {
                    throw ConfigurationError(code: "unknown-field", message: "\"\(name)\" is not a field.", field: "fields.\(name)")
                }
                guard !field.spec.rule.describesCard else {
                    throw ConfigurationError(
                        code: "card-field-not-allowed", message: "The card number, expiry date and CVV are the shopper's to enter.",
                        field: "fields.\(name)")
                }
                patch.values.append((field, try reader.string(value, path: "fields.\(name)", max: CardSession.maxRawLength)))
            }
        }
        if let options = object["options"] { patch.options = try reader.object(options, path: "options", max: 64) }
        return patch
    }
}
