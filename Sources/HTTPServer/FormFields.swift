/// Decoded `application/x-www-form-urlencoded` data (a form body or a query string): ordered
/// `name=value` pairs, a name possibly repeated. Names are compared exactly, as browsers send them.
public struct FormFields: Sendable, Equatable, Sequence {
    /// One decoded `name=value` pair. Made only here (with the memberwise init); a caller builds
    /// pairs through `init(_:)`.
    public struct Field: Sendable, Equatable {
        /// The decoded name.
        public var name: String
        /// The decoded value.
        public var value: String
    }

    /// The most pairs accepted by default: far above any form we serve, far below what a 16 KB
    /// body of `&&&…` could otherwise make us allocate.
    public static let defaultFieldLimit = 256

    /// Every pair, in the order sent.
    public private(set) var fields: [Field]

    /// Builds form data from pairs (e.g. to drive a responder in tests).
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Decodes `bytes`: pairs split at `&`, name and value at the first `=`, `+` is a space and
    /// `%HH` a byte. Empty pairs are skipped; a pair without `=` has the value `""`.
    public init(urlEncoded bytes: [UInt8], fieldLimit: Int = FormFields.defaultFieldLimit) throws(FormDecodingError) {
        var fields: [Field] = []
        fields.reserveCapacity(8)  // the page script's events send five to seven
        // The decoding of a name or value that holds an escape or a `+`; made once, reused.
        var scratch: [UInt8] = []
        try bytes.withUnsafeBufferPointer { (bytes) throws(FormDecodingError) in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
                defer { start = end + 1 }
                guard end > start else { continue }
                guard fields.count < fieldLimit else {
                    throw FormDecodingError(.tooManyFields, "more than \(fieldLimit) fields")
                }
                var equals = start
                while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try Self.text(of: UnsafeBufferPointer(rebasing: bytes[start..<equals]), scratch: &scratch)
                let value = try Self.text(
                    of: UnsafeBufferPointer(rebasing: bytes[(equals == end ? end : equals + 1)..<end]), scratch: &scratch)
                fields.append(Field(name: name, value: value))
            }
        }
        self.fields = fields
    }

    /// Decodes a query string or form body given as text.
    public init(urlEncoded text: some StringProtocol, fieldLimit: Int = FormFields.defaultFieldLimit) throws(FormDecodingError) {
        try self.init(urlEncoded: Array(text.utf8), fieldLimit: fieldLimit)
    }

    /// How many pairs there are.
    public var count: Int { fields.count }
    /// Whether there are no pairs.
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value under `name`, or nil.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value under `name`, in order.
    public func values(for name: String) -> [String] {
        fields.compactMap { $0.name == name ? $0.value : nil }
    }

    /// One name or value, decoded and checked (`scratch`: see `PercentDecoding.decode`).
    private static func text(of raw: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) throws(FormDecodingError) -> String {
        do {
            return try PercentDecoding.decode(raw, plusIsSpace: true, scratch: &scratch)
        } catch .malformedEscape {
            throw FormDecodingError(.malformedPercentEncoding, "'%' must be followed by two hex digits")
        } catch {
            throw FormDecodingError(.invalidUTF8, "decoded text is not UTF-8")
        }
    }
}
