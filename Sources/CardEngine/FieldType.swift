/// Every input the form can show, named as Primer's `PrimerInputElementType` (CONTRACT §2).
public enum FieldType: String, CaseIterable, Sendable, Codable, Hashable {
    case cardNumber, expiryDate, cvv, cardholderName
    case firstName, lastName, email, phoneNumber
    case addressLine1, addressLine2, city, state, postalCode, countryCode

    /// The card fields, in the order the default form shows them.
    public static let cardFields: [FieldType] = [.cardNumber, .expiryDate, .cvv, .cardholderName]

    /// The billing fields, in the order the default form shows them.
    public static let billingFields: [FieldType] = [
        .firstName, .lastName, .email, .phoneNumber,
        .countryCode, .addressLine1, .addressLine2, .city, .state, .postalCode,
    ]

    /// Whether the field belongs to the card section (as opposed to billing).
    public var isCardField: Bool { FieldType.cardFields.contains(self) }

    /// The HTML `autocomplete` token browsers use to autofill this field (CONTRACT §4).
    public var autocomplete: String {
        switch self {
        case .cardNumber: "cc-number"
        case .expiryDate: "cc-exp"
        case .cvv: "cc-csc"
        case .cardholderName: "cc-name"
        case .firstName: "given-name"
        case .lastName: "family-name"
        case .email: "email"
        case .phoneNumber: "tel"
        case .addressLine1: "address-line1"
        case .addressLine2: "address-line2"
        case .city: "address-level2"
        case .state: "address-level1"
        case .postalCode: "postal-code"
        case .countryCode: "country"
        }
    }

    /// The block's template name: `blocks/<kebab-name>` (CONTRACT §5). Spelled out rather than
    /// derived from `rawValue`: a keystroke asks for it, and a literal costs nothing.
    public var kebabName: String {
        switch self {
        case .cardNumber: "card-number"
        case .expiryDate: "expiry-date"
        case .cvv: "cvv"
        case .cardholderName: "cardholder-name"
        case .firstName: "first-name"
        case .lastName: "last-name"
        case .email: "email"
        case .phoneNumber: "phone-number"
        case .addressLine1: "address-line1"
        case .addressLine2: "address-line2"
        case .city: "city"
        case .state: "state"
        case .postalCode: "postal-code"
        case .countryCode: "country-code"
        }
    }
}
