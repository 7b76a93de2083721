extension CardSession {
    /// The state as `GET /api/sessions/<id>` returns it (CONTRACT §3), keys in the contract's order.
    ///
    /// The card number is masked, the CVV is "", messages come from the session locale's catalog.
    /// `configuration.billingFields` lists the billing fields in play (`activeBillingFields`);
    /// `displayFields` every field the form shows, in order; `allFields` every field there is;
    /// `selectedCountry` the billing country as `{code, name, dialCode}` (CONTRACT §8), or null.
    public func stateJSON(in environment: SessionEnvironment) -> JSONValue {
        let strings = { (items: [String]) in JSONValue.array(items.map(JSONValue.string)) }
        let optional = { (text: String?) in text.map(JSONValue.string) ?? .null }
        return .object(JSONObject([
            ("id", .string(id)),
            ("phase", .string(phase.name.rawValue)),
            ("configuration", .object(JSONObject([
                ("cardFields", strings(configuration.cardFields.map(\.rawValue))),
                ("billingFields", strings(configuration.activeBillingFields.map(\.rawValue))),
                ("requiresBillingAddress", .bool(configuration.requiresBillingAddress)),
            ]))),
            ("data", .object(JSONObject(Self.dataOrder(configuration).map { ($0.rawValue, .string(maskedValue(for: $0))) }))),
            ("fieldErrors", .array(errors.map { error in
                .object(JSONObject([
                    ("fieldType", .string(error.field.rawValue)),
                    ("message", .string(message(for: error, in: environment))),
                    ("errorCode", .string(error.issue.code)),
                ]))
            })),
            ("isLoading", .bool(isLoading)),
            ("isValid", .bool(isValid)),
            ("displayFields", strings(configuration.configuredFields.map(\.rawValue))),
            ("allFields", strings(FieldType.allCases.map(\.rawValue))),
            ("selectedCountry", country.map { country in
                .object(JSONObject([
                    ("code", .string(country.code)),
                    ("name", .string(country.localizedName(locale: configuration.locale))),
                    ("dialCode", optional(country.dialCode)),
                ].map { (key: $0.0, value: $0.1) }))
            } ?? .null),
            ("selectedNetwork", optional(selectedNetwork?.rawValue)),
            ("availableNetworks", strings(availableNetworks.map(\.rawValue))),
            ("surchargeAmountRaw", surchargeAmountRaw.map(JSONValue.integer) ?? .null),
            ("surchargeAmount", optional(surchargeAmount)),
            ("binData", binData.map { data in
                .object(JSONObject([
                    ("preferred", optional(data.preferred?.rawValue)),
                    ("alternatives", strings(data.alternatives.map(\.rawValue))),
                    ("status", .string(data.status.rawValue)),
                ]))
            } ?? .null),
            ("payment", payment.map { payment in
                .object(JSONObject([
                    ("id", optional(payment.id)),
                    ("status", .string(payment.status.rawValue)),
                    ("declineCode", optional(payment.declineCode)),
                    ("message", optional(payment.message)),
                ]))
            } ?? .null),
        ].map { (key: $0.0, value: $0.1) }))
    }

    /// `data`'s keys: the card fields in the contract's order, then the billing fields in play.
    static func dataOrder(_ configuration: SessionConfiguration) -> [FieldType] {
        [FieldType.cardNumber, .cvv, .expiryDate, .cardholderName].filter(configuration.cardFields.contains)
            + configuration.activeBillingFields
    }
}
