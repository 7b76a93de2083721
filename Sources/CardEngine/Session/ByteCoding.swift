/// A compact binary writer for records a store keeps outside the process (the app's Redis store
/// writes one per keystroke): whole numbers as variable-length integers, hashes as 8 fixed bytes,
/// strings as their UTF-8 length and bytes. Nothing is escaped and no tree is built, so writing a
/// record costs about what copying its bytes does. `ByteReader` reads it back.
///
/// Its methods are `@inlinable`: the app's store calls them dozens of times a record from another
/// module, where a call each would cost more than the bytes it writes.
public struct ByteWriter: Sendable {
    /// What has been written so far.
    public var bytes: [UInt8] { written }

    @usableFromInline var written: [UInt8] = []

    @inlinable public init(capacity: Int = 0) { written.reserveCapacity(capacity) }

    /// One raw byte.
    @inlinable public mutating func byte(_ value: UInt8) { written.append(value) }

    /// Raw bytes, as they are (their length is the caller's to record).
    @inlinable public mutating func raw(_ value: some Sequence<UInt8>) { written.append(contentsOf: value) }

    /// An unsigned whole number, 7 bits a byte, low bits first (LEB128).
    @inlinable public mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            written.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        written.append(UInt8(rest))
    }

    /// A signed whole number, zigzag-mapped so that small negative ones stay short.
    @inlinable public mutating func int(_ value: Int) {
        let wide = Int64(value)
        unsigned(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
    }

    /// 8 bytes, little-endian: hashes are as long whatever their value.
    @inlinable public mutating func fixed64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { written.append(contentsOf: $0) }
    }

    /// A `Double` by its bit pattern: it reads back identical.
    @inlinable public mutating func double(_ value: Double) { fixed64(value.bitPattern) }

    @inlinable public mutating func bool(_ value: Bool) { written.append(value ? 1 : 0) }

    /// A string as its UTF-8 length, then its bytes.
    @inlinable public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            unsigned(UInt64(utf8.count))
            written.append(contentsOf: utf8)
        }
    }

    /// A marker byte (0 absent, 1 present), then the value when present.
    @inlinable public mutating func optional<T>(_ value: T?, _ write: (inout ByteWriter, T) -> Void) {
        guard let value else { return written.append(0) }
        written.append(1)
        write(&self, value)
    }

    /// The number of elements, then each.
    @inlinable public mutating func list<C: Collection>(_ elements: C, _ write: (inout ByteWriter, C.Element) -> Void) {
        unsigned(UInt64(elements.count))
        for element in elements { write(&self, element) }
    }
}

/// Reads what a `ByteWriter` wrote, in the same order; any read past the end or of a value out of
/// range fails with `StorageError` naming what it expected, never traps.
public struct ByteReader {
    private let bytes: [UInt8]
    /// Where the next read starts.
    public private(set) var index: Int

    public init(_ bytes: [UInt8], from index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { index == bytes.count }

    public mutating func byte() throws(StorageError) -> UInt8 {
        guard index < bytes.count else { throw StorageError("byte") }
        defer { index += 1 }
        return bytes[index]
    }

    /// `length` raw bytes.
    public mutating func raw(_ length: Int) throws(StorageError) -> ArraySlice<UInt8> {
        guard length >= 0, length <= bytes.count - index else { throw StorageError("bytes") }
        defer { index += length }
        return bytes[index..<(index + length)]
    }

    public mutating func unsigned() throws(StorageError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64, shift < 63 || next <= 1 else { throw StorageError("unsigned") }
            value |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    public mutating func int() throws(StorageError) -> Int {
        let zigzag = try unsigned()
        let wide = Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
        guard let value = Int(exactly: wide) else { throw StorageError("integer") }
        return value
    }

    /// A count of elements or bytes: never more than the bytes left, so a damaged count cannot ask
    /// for a huge allocation.
    public mutating func count() throws(StorageError) -> Int {
        let value = try unsigned()
        guard value <= UInt64(bytes.count - index) else { throw StorageError("count") }
        return Int(value)
    }

    public mutating func fixed64() throws(StorageError) -> UInt64 {
        guard bytes.count - index >= 8 else { throw StorageError("fixed64") }
        defer { index += 8 }
        return UInt64(littleEndian: bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index, as: UInt64.self) })
    }

    public mutating func double() throws(StorageError) -> Double { Double(bitPattern: try fixed64()) }

    public mutating func bool() throws(StorageError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw StorageError("boolean")
        }
    }

    public mutating func string() throws(StorageError) -> String {
        let utf8 = try raw(try count())
        // `UTF8Span` validates the run in one pass (`String(validating:)` walks a slice byte by byte).
        do { return String(copying: try UTF8Span(validating: utf8.span)) } catch { throw StorageError("string") }
    }

    /// A value `ByteWriter.optional` wrote, or nil.
    public mutating func optional<T>(_ read: (inout ByteReader) throws(StorageError) -> T) throws(StorageError) -> T? {
        try bool() ? try read(&self) : nil
    }

    /// The elements `ByteWriter.list` wrote.
    public mutating func list<T>(_ read: (inout ByteReader) throws(StorageError) -> T) throws(StorageError) -> [T] {
        let count = try count()
        var elements: [T] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try read(&self)) }
        return elements
    }

    /// A value of a `RawRepresentable` enum named by a string (`field`, `network`...).
    public mutating func named<T: RawRepresentable>(_ type: T.Type, _ what: String) throws(StorageError) -> T where T.RawValue == String {
        guard let value = T(rawValue: try string()) else { throw StorageError(what) }
        return value
    }
}
