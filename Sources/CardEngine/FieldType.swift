/// Every input the form can show, named as Primer's `PrimerInputElementType` (CONTRACT §2), in the
/// order the default form shows them. What cardform knows about each is its `spec`.
public enum FieldType: String, CaseIterable, Sendable, Codable, Hashable {
    case cardNumber, expiryDate, cvv, cardholderName
    case firstName, lastName, email, phoneNumber
    case countryCode, addressLine1, addressLine2, city, state, postalCode
}

extension FieldType {
    /// Hashes the field's fixed place (`position`), not its name: an enum with raw values hashes
    /// its raw value by default, building and hashing a string on each `[FieldType: …]` look-up
    /// (the record's card entries, once per keystroke). Equal fields have equal places.
    public func hash(into hasher: inout Hasher) { hasher.combine(UInt8(truncatingIfNeeded: position)) }
}
