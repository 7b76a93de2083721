import CardFormSupport

/// `%HH` decoding shared by request paths and `application/x-www-form-urlencoded` data.
///
/// Strict by design: a `%` not followed by two hex digits is an error rather than a literal,
/// so that two parsers (ours and a proxy's) can never read the same bytes two ways.
enum PercentDecoding {
    enum Failure: Error {
        case malformedEscape
        case invalidUTF8
    }

    /// Decodes `bytes`; with `plusIsSpace` (forms), `+` becomes a space.
    static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) throws(Failure) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            return try validated(bytes)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        try bytes.withUnsafeBufferPointer { (bytes) throws(Failure) in try append(bytes, plusIsSpace: plusIsSpace, to: &decoded) }
        return try validated(decoded[...])
    }

    /// Appends the decoding of `bytes` to `decoded`, unchecked: the caller validates the UTF-8.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool, to decoded: inout [UInt8]) throws(Failure) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard bytes.count - index >= 3,
                      let high = Hex.value(of: bytes[index + 1]), let low = Hex.value(of: bytes[index + 2])
                else { throw .malformedEscape }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
    }

    /// Checked through `UTF8Span`, which validates a contiguous buffer in one pass; the generic
    /// `String(validating:as:)` walks a slice element by element.
    private static func validated(_ bytes: ArraySlice<UInt8>) throws(Failure) -> String {
        do {
            return String(copying: try UTF8Span(validating: bytes.span))
        } catch {
            throw .invalidUTF8
        }
    }
}
