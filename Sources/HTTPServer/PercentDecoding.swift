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
        var scratch: [UInt8] = []
        return try bytes.withUnsafeBufferPointer { (bytes) throws(Failure) in
            try decode(bytes, plusIsSpace: plusIsSpace, scratch: &scratch)
        }
    }

    /// Decodes `bytes` in one pass: text without `%` (or `+`, with `plusIsSpace`) is made straight
    /// from them; text with is decoded into `scratch` first, which a caller decoding many parts (a
    /// form's names and values) passes again so that it is allocated once. Inlined: a call per
    /// name and value cost a form about 100 instructions (callgrind, /work/prof/cg.sh).
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool, scratch: inout [UInt8]) throws(Failure) -> String {
        guard bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else {
            try check(bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(bytes.count)
        try append(bytes, plusIsSpace: plusIsSpace, to: &scratch)
        return try scratch.withUnsafeBufferPointer { (decoded) throws(Failure) in
            try check(decoded)
            return String(decoding: decoded, as: UTF8.self)
        }
    }

    /// Appends the decoding of `bytes` to `decoded`, unchecked: the caller validates the UTF-8.
    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool, to decoded: inout [UInt8]) throws(Failure) {
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

    /// Throws unless `bytes` are UTF-8. ASCII (every name, most values and paths) is checked
    /// byte by byte; anything else through `UTF8Span`, which validates a contiguous buffer in one
    /// pass (`String(validating:as:)` walks it through the generic decoder: 7.6 k -> 17 k
    /// instructions per form, callgrind).
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        if bytes.allSatisfy({ $0 < 0x80 }) { return }
        do {
            _ = try UTF8Span(validating: bytes.span)
        } catch {
            throw .invalidUTF8
        }
    }
}
