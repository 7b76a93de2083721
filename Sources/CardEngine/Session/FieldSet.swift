/// A set of fields as a bit mask: the session's per-field validity, and what the app keeps per
/// keystroke (which card fields a page is shown), where a `Set<FieldType>` would allocate and hash.
public struct FieldSet: Hashable, Sendable, ExpressibleByArrayLiteral {
    private(set) var bits: UInt16 = 0

    static func bit(_ field: FieldType) -> UInt16 { 1 << UInt16(field.position) }

    public init() {}

    public init(_ fields: some Sequence<FieldType>) {
        for field in fields { set(field, true) }
    }

    public init(arrayLiteral fields: FieldType...) { self.init(fields) }

    public var isEmpty: Bool { bits == 0 }

    public func contains(_ field: FieldType) -> Bool { bits & Self.bit(field) != 0 }

    /// Adds `field` (`member` true) or removes it.
    public mutating func set(_ field: FieldType, _ member: Bool) {
        if member { bits |= Self.bit(field) } else { bits &= ~Self.bit(field) }
    }

    /// Whether every field of `other` is in this set.
    func isSuperset(of other: FieldSet) -> Bool { bits & other.bits == other.bits }

    /// The fields in both sets.
    func intersection(_ other: FieldSet) -> FieldSet { FieldSet(bits: bits & other.bits) }

    /// The fields in either set.
    public func union(_ other: FieldSet) -> FieldSet { FieldSet(bits: bits | other.bits) }

    /// The fields in exactly one of the two sets.
    func symmetricDifference(_ other: FieldSet) -> FieldSet { FieldSet(bits: bits ^ other.bits) }

    init(bits: UInt16) { self.bits = bits }
}
