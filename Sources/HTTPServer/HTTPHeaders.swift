/// HTTP header fields in the order they were sent or added. A name may appear several times
/// (`Set-Cookie`, or a request's repeated `X-Forwarded-For`); lookups ignore ASCII case.
///
/// Names are typed (`HTTPHeaders.Name`, e.g. `.contentType`) and checked when made: a literal
/// that is not a valid token stops the program at once, a runtime string gives nil. Values are
/// checked when a field is made too: one holding a line break or another control character is
/// kept but marked invalid, and a response carrying it is never written (the daemon answers 500
/// instead, since dropping it silently could drop a security header).
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One `name: value` line.
    public struct Field: Sendable, Equatable {
        /// The name as sent or added (case kept).
        public let name: Name
        /// The value (libmicrohttpd trims the whitespace around a request header's value).
        public let value: String
        /// Whether the value may be written: no CR, LF, NUL or other control character but tab.
        public let isValid: Bool

        /// Builds a field, checking its value.
        public init(name: Name, value: String) {
            self.init(name: name, value: value, isValid: Self.isWritable(value))
        }

        /// Whether an answer may carry this field: a writable value that is not empty. libmicrohttpd
        /// 0.9.75 refuses an empty value itself; refusing it on every version keeps an answer
        /// holding one a 500 everywhere, prepared (`WireLines`) or not (`ResponseWriter`).
        var isSent: Bool { isValid && !value.isEmpty }

        /// A field whose value was checked already (`isWritable`, on the bytes it was made from).
        init(name: Name, value: String, isValid: Bool) {
            self.name = name
            self.value = value
            self.isValid = isValid
        }

        /// Whether `value` may be written: no control character but tab (no CR, LF or NUL).
        static func isWritable(_ value: String) -> Bool {
            value.utf8.withContiguousStorageIfAvailable { isWritable(UnsafeRawBufferPointer($0)) }
                ?? value.utf8.allSatisfy(isWritable)
        }

        /// `isWritable` on raw bytes, for every header of every request: eight bytes at a time,
        /// and byte by byte only for a word holding a byte below 0x20 or a DEL (a tab is one of
        /// them, and allowed). A byte at a time took ~300 instructions per request (callgrind).
        static func isWritable(_ bytes: UnsafeRawBufferPointer) -> Bool {
            var offset = 0
            while offset + 8 <= bytes.count {
                let word = ByteWord.load(bytes, at: offset)
                if ByteWord.below(word, 0x20) | ByteWord.equal(word, 0x7F) != 0 {
                    for index in offset..<(offset + 8) where !isWritable(bytes[index]) { return false }
                }
                offset += 8
            }
            for index in offset..<bytes.count where !isWritable(bytes[index]) { return false }
            return true
        }

        private static func isWritable(_ byte: UInt8) -> Bool {
            byte >= 0x20 && byte != 0x7F || byte == 0x09
        }
    }

    /// Every field, in order. Any change drops the prepared C strings, so a list is never written
    /// from an older copy of itself.
    public private(set) var fields: [Field] = [] {
        didSet { wireLines = nil }
    }
    /// How many fields hold a value that may not be written.
    public private(set) var invalidCount = 0
    /// The fields as libmicrohttpd takes them, kept by `prepared()` for a list written on many
    /// answers; any change to `fields` drops it (see `WireLines`).
    var wireLines: WireLines?

    /// No fields.
    public init() {}

    /// Keeps every pair, repeated names included, in the order written.
    public init(_ pairs: [(Name, String)]) {
        for (name, value) in pairs { add(name, value) }
    }

    /// `["Content-Type": "text/html", "Set-Cookie": "a=1", "Set-Cookie": "b=2"]`: repeats kept.
    public init(dictionaryLiteral elements: (Name, String)...) {
        self.init(elements)
    }

    /// How many fields there are (a repeated name counts each time).
    public var count: Int { fields.count }
    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }
    /// Whether every value may be written.
    public var isValid: Bool { invalidCount == 0 }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value sent under `name` (any case), or nil.
    public subscript(name: Name) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Every value sent under `name` (any case), in order; not split at commas, because commas
    /// are data in some headers (`Set-Cookie`, `Date`).
    public func values(for name: Name) -> [String] {
        fields.compactMap { $0.name == name ? $0.value : nil }
    }

    /// Whether any field has `name` (any case).
    public func contains(_ name: Name) -> Bool {
        fields.contains { $0.name == name }
    }

    /// Appends a field, keeping any already under that name.
    public mutating func add(_ name: Name, _ value: String) {
        append(Field(name: name, value: value))
    }

    /// Appends a field made before. `consuming`: a field made for the call (a request head's,
    /// one per line) is moved into the list; borrowed, it was copied in and the caller's released,
    /// a retain and a release of its name and of its value.
    public mutating func append(_ field: consuming Field) {
        if !field.isValid { invalidCount += 1 }
        fields.append(field)
    }

    /// Replaces every field under `name` with one.
    public mutating func set(_ name: Name, _ value: String) {
        remove(name)
        add(name, value)
    }

    /// Adds the field unless one under its name is already there.
    public mutating func addIfAbsent(_ name: Name, _ value: String) {
        if !contains(name) { add(name, value) }
    }

    /// Makes room for `count` fields in all (one allocation for a whole request head).
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Removes every field under `name` (any case).
    public mutating func remove(_ name: Name) {
        fields.removeAll { $0.name == name }
        invalidCount = fields.reduce(0) { $0 + ($1.isValid ? 0 : 1) }
    }

    /// The first value sent under a name known only at run time; nil for a name that is no token.
    @_disfavoredOverload
    public subscript(name: String) -> String? {
        Name(name).flatMap { self[$0] }
    }

    /// Every value sent under a name known only at run time.
    @_disfavoredOverload
    public func values(for name: String) -> [String] {
        Name(name).map { values(for: $0) } ?? []
    }

    /// Whether any field has a name known only at run time.
    @_disfavoredOverload
    public func contains(_ name: String) -> Bool {
        Name(name).map { contains($0) } ?? false
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool { lhs.fields == rhs.fields }
}
