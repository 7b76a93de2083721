/// One string per field, stored inline: cheaper to copy and read than a dictionary, and short values
/// (up to 15 UTF-8 bytes) need no heap at all.
struct FieldValues: Hashable, Sendable {
    private var cardNumber = "", expiryDate = "", cvv = "", cardholderName = ""
    private var firstName = "", lastName = "", email = "", phoneNumber = ""
    private var addressLine1 = "", addressLine2 = "", city = "", state = "", postalCode = "", countryCode = ""

    subscript(field: FieldType) -> String {
        get {
            switch field {
            case .cardNumber: cardNumber
            case .expiryDate: expiryDate
            case .cvv: cvv
            case .cardholderName: cardholderName
            case .firstName: firstName
            case .lastName: lastName
            case .email: email
            case .phoneNumber: phoneNumber
            case .addressLine1: addressLine1
            case .addressLine2: addressLine2
            case .city: city
            case .state: state
            case .postalCode: postalCode
            case .countryCode: countryCode
            }
        }
        set {
            switch field {
            case .cardNumber: cardNumber = newValue
            case .expiryDate: expiryDate = newValue
            case .cvv: cvv = newValue
            case .cardholderName: cardholderName = newValue
            case .firstName: firstName = newValue
            case .lastName: lastName = newValue
            case .email: email = newValue
            case .phoneNumber: phoneNumber = newValue
            case .addressLine1: addressLine1 = newValue
            case .addressLine2: addressLine2 = newValue
            case .city: city = newValue
            case .state: state = newValue
            case .postalCode: postalCode = newValue
            case .countryCode: countryCode = newValue
            }
        }
    }
}

extension FieldType {
    /// The field's fixed place: its bit in a `FieldSet` (stored sessions keep those bits, so a
    /// field is never renumbered) and its entry's place in `FieldSpec.table`.
    @inlinable public var position: Int {
        switch self {
        case .cardNumber: 0
        case .expiryDate: 1
        case .cvv: 2
        case .cardholderName: 3
        case .firstName: 4
        case .lastName: 5
        case .email: 6
        case .phoneNumber: 7
        case .addressLine1: 8
        case .addressLine2: 9
        case .city: 10
        case .state: 11
        case .postalCode: 12
        case .countryCode: 13
        }
    }
}
