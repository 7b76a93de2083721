/// HTTP header fields in the order they were sent or added. A name may appear several times
/// (`Set-Cookie`, or a request's repeated `X-Forwarded-For`); lookups ignore ASCII case.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One `name: value` line.
    public struct Field: Sendable, Equatable {
        /// The name as sent or added (case kept).
        public var name: String
        /// The value (libmicrohttpd trims the whitespace around a request header's value).
        public var value: String

        /// Builds a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Every field, in order.
    public private(set) var fields: [Field] = []

    /// No fields.
    public init() {}

    /// Keeps every pair, repeated names included, in the order written.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// `["Content-Type": "text/html", "Set-Cookie": "a=1", "Set-Cookie": "b=2"]`: repeats kept.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// How many fields there are (a repeated name counts each time).
    public var count: Int { fields.count }
    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value sent under `name` (any case), or nil.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value sent under `name` (any case), in order; not split at commas, because commas
    /// are data in some headers (`Set-Cookie`, `Date`).
    public func values(for name: String) -> [String] {
        fields.compactMap { Self.sameName($0.name, name) ? $0.value : nil }
    }

    /// Whether any field has `name` (any case).
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Appends a field, keeping any already under that name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field under `name` with one.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Removes every field under `name` (any case).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// ASCII case-insensitive comparison: header names are tokens, so no Unicode folding applies.
    /// Lengths first: most names compared differ in length, and that answer costs nothing.
    static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return lhs.utf8.elementsEqual(rhs.utf8) { $0 == $1 || lowered($0) == lowered($1) }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }
}
