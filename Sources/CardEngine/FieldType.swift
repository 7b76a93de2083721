/// Every input the form can show, named as Primer's `PrimerInputElementType` (CONTRACT §2), in the
/// order the default form shows them. What cardform knows about each is its `spec`.
public enum FieldType: String, CaseIterable, Sendable, Codable, Hashable {
    case cardNumber, expiryDate, cvv, cardholderName
    case firstName, lastName, email, phoneNumber
    case countryCode, addressLine1, addressLine2, city, state, postalCode
}
