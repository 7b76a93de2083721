/// Why a session request was refused: the body of a `400` (CONTRACT §3,
/// `{"error": {"code", "message", "field"}}`).
public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stable code: `invalid-json`, `too-large`, `unknown-key`, `invalid-type`, `invalid-value`,
    /// `too-long`, `too-many`, `unknown-field`, `duplicate-field`, `missing-card-field`,
    /// `unknown-network`, `duplicate-network`, `invalid-amount`, `invalid-currency`,
    /// `missing-currency`, `invalid-locale`, `invalid-origin`, `default-value-not-allowed`.
    public var code: String
    /// One English sentence for the merchant's developer.
    public var message: String
    /// The dotted path of the offending key (`fields.cvv.validateOn`, `surcharges.VISA`), or nil
    /// for the body as a whole.
    public var field: String?

    public init(code: String, message: String, field: String?) {
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { "\(code) at \(field ?? "body"): \(message)" }

    /// `{"error": {"code": …, "message": …, "field": …}}`, the `400` body.
    public var json: JSONValue {
        .object(JSONObject([
            (key: "error", value: .object(JSONObject([
                (key: "code", value: .string(code)),
                (key: "message", value: .string(message)),
                (key: "field", value: field.map(JSONValue.string) ?? .null),
            ]))),
        ]))
    }
}
