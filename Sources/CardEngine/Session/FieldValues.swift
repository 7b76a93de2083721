/// One string per field, at the field's `position`: read by index, cheaper than a dictionary, and
/// short values (up to 15 UTF-8 bytes) need no heap at all. Held in one array rather than a stored
/// property per field because the session is copied on every keystroke (into the view a page is
/// rendered from): a copy retains and releases the array once, not each of the fourteen strings.
struct FieldValues: Hashable, Sendable {
    private var strings = Self.empty

    /// Room up to the highest position, not one per case: positions are never renumbered, so a
    /// field taken out would leave a gap, and counting cases would then index past the end. Shared
    /// by every new session until its first value.
    private static let empty = [String](repeating: "", count: FieldType.allCases.map(\.position).max()! + 1)

    subscript(field: FieldType) -> String {
        get { strings[field.position] }
        set { strings[field.position] = newValue }
    }

    /// The fields of `fields` that hold a value, read by position off the set's bits: the
    /// snapshot asks this twice a keystroke, and no field list is walked for it.
    func filled(among fields: FieldSet) -> FieldSet {
        var left = fields.bits
        var filled: UInt16 = 0
        while left != 0 {
            let position = left.trailingZeroBitCount
            if !strings[position].isEmpty { filled |= 1 << UInt16(position) }
            left &= left - 1
        }
        return FieldSet(bits: filled)
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
