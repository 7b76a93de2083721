/// What a merchant's backend asked for when it created the session (`POST /api/sessions`,
/// CONTRACT §3). Every key is optional; the defaults are those of Primer's card form.
public struct SessionConfiguration: Hashable, Sendable, Codable {
    /// The card fields shown, in order. Always holds `cardNumber` and `expiryDate`.
    public var cardFields: [FieldType] = FieldType.cardFields
    /// The billing fields, in order, as given (see `activeBillingFields`).
    public var billingFields: [FieldType] = []
    /// Whether the billing section is shown and must be valid to pay. When the request does not
    /// say, true exactly when it lists billing fields.
    public var requiresBillingAddress = false
    /// Networks the merchant accepts, in the order it prefers them (co-badge choices follow it).
    public var orderedAllowedCardNetworks: [CardNetwork] = CardNetwork.defaultAllowed
    /// The amount to pay, in minor units of `currency`.
    public var amount: Int?
    /// ISO 4217 code, upper case.
    public var currency: String?
    /// Extra charge per network, in minor units.
    public var surcharges: [CardNetwork: Int] = [:]
    /// BCP 47 tag for messages and formatting, as the merchant gave it; the session shows itself
    /// in the catalog language it leads to (`CardSession.locale`).
    public var locale = "en"
    /// Whether the merchant (or the server's `defaults`) chose `locale`; when not, each page
    /// request's `Accept-Language` chooses it.
    public var isLocaleSet = false
    public var customerId: String?
    /// Origins allowed to frame the form (`https://shop.example`).
    public var allowedOrigins: [String] = []
    /// Per-field options.
    public var fields: [FieldType: FieldOptions] = [:]
    /// Theme variables, name → CSS value, kept as given (the app validates them before use).
    public var appearance = JSONObject()
    /// `appearance.colorScheme`: the form's colours, light unless the merchant says otherwise.
    public var colorScheme = ColorScheme.light
    /// The merchant's own data, echoed back untouched.
    public var metadata: JSONValue?
    /// Which rules the cardholder name follows (`cardholderName.rules`).
    public var cardholderNameRules = CardholderNameRules.default

    public init() {}

    /// The billing fields in play: the listed ones when the billing address is required, none
    /// otherwise; the address fields when it is required and none were listed.
    public var activeBillingFields: [FieldType] {
        guard requiresBillingAddress else { return [] }
        return billingFields.isEmpty ? Self.defaultAddressFields : billingFields
    }

    /// The address a `requiresBillingAddress` session asks for when it lists no billing fields.
    public static let defaultAddressFields: [FieldType] = [
        .countryCode, .addressLine1, .addressLine2, .city, .state, .postalCode,
    ]

    /// Every field the form shows: card fields, then active billing fields.
    public var configuredFields: [FieldType] { cardFields + activeBillingFields }

    /// Whether `field` is shown.
    public func isConfigured(_ field: FieldType) -> Bool {
        cardFields.contains(field) || activeBillingFields.contains(field)
    }

    /// The options for `field` (all defaults when the request set none).
    public func options(for field: FieldType) -> FieldOptions { options(field) ?? FieldOptions() }

    /// The options set for `field`, if any. Most sessions set none: they are then answered without
    /// a lookup, which copies the options out of the dictionary several times a keystroke.
    private func options(_ field: FieldType) -> FieldOptions? { fields.isEmpty ? nil : fields[field] }

    /// Whether `field` is disabled (`options(for:).disabled`).
    public func isDisabled(_ field: FieldType) -> Bool { options(field)?.disabled ?? false }

    /// Whether an empty `field` is an error. Card fields and most billing fields are required
    /// unless the request says otherwise; the second address line is not, and for city, state and
    /// postal code the selected country decides (it is added by the billing rules).
    public func isRequired(_ field: FieldType) -> Bool {
        options(field)?.required ?? field.spec.isRequiredByDefault
    }

    /// When `field` runs its full rule: on blur (default), on every change, or only at submit.
    public func validateOn(_ field: FieldType) -> ValidateOn { options(field)?.validateOn ?? .blur }

    /// Whether the cardholder name is title-cased as typed (default on).
    public var autoCapitalisesCardholderName: Bool { fields[.cardholderName]?.autoCapitalise ?? true }
}

/// A field's options (`fields.<name>` in the request).
public struct FieldOptions: Hashable, Sendable, Codable {
    public var label: String?
    public var placeholder: String?
    public var guideText: String?
    /// Overrides whether an empty value is an error.
    public var required: Bool?
    /// For names: title case as typed (the cardholder name is, by default).
    public var autoCapitalise: Bool?
    /// The value the field starts with (refused for the card number and CVV).
    public var defaultValue: String?
    public var validateOn: ValidateOn?
    /// Message overrides by error code or PXP alias (`HN02`), `{param}` placeholders allowed.
    public var messages: [String: String] = [:]
    /// A disabled field keeps its default value and ignores input.
    public var disabled = false
    /// How the field looks: icons, tooltip, label and error placement, copy and paste (PXP's
    /// options, see `FieldLook`).
    public var look = FieldLook()

    public init() {}
}

/// When a field runs its full rule, as PXP's `validateOn`.
public enum ValidateOn: String, CaseIterable, Sendable, Hashable, Codable {
    /// Only what can no longer become valid shows while typing; the full rule runs on blur.
    case blur
    /// The full rule runs on every change.
    case change
    /// The field shows no error until the shopper submits; from then on it follows `blur` (an
    /// error shown by the submit is refreshed as the shopper corrects the value).
    case submit
}
