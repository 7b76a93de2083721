/// Why a JSON text could not be read.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `invalid-json`, `too-deep` or `too-large`.
    public var code: String
    /// Byte offset in the input where reading stopped.
    public var offset: Int
    public var message: String

    public var description: String { "\(code) at byte \(offset): \(message)" }
}

extension JSONValue {
    /// Nesting deeper than this is refused: it bounds the parser's recursion.
    public static let defaultMaxDepth = 32

    /// Parses a complete JSON text (RFC 8259), refusing nesting deeper than `maxDepth` and input
    /// longer than `maxBytes`.
    ///
    /// Stricter than the RFC allows, so that no two readers can see different values in one text:
    /// bytes that are not UTF-8 are refused (never replaced with U+FFFD), and so is `\u0000` (a C
    /// library or a log line would cut the string there). A leading byte order mark is refused
    /// too, unless `allowingByteOrderMark` (files a designer's editor saved, not request bodies).
    public static func parse(
        _ bytes: some Collection<UInt8>, maxDepth: Int = defaultMaxDepth, maxBytes: Int = 1 << 24,
        allowingByteOrderMark: Bool = false
    ) throws(JSONError) -> JSONValue {
        guard bytes.count <= maxBytes else {
            throw JSONError(code: "too-large", offset: 0, message: "more than \(maxBytes) bytes")
        }
        var parser = JSONParser(bytes: Array(bytes), maxDepth: maxDepth)
        return try parser.parseDocument(allowingByteOrderMark: allowingByteOrderMark)
    }

    /// Parses JSON text given as a string.
    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }
}

/// A recursive-descent reader over UTF-8 bytes. Depth is bounded, so hostile input cannot exhaust
/// the stack.
private struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0
    var depth = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func parseDocument(allowingByteOrderMark: Bool) throws(JSONError) -> JSONValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            guard allowingByteOrderMark else { throw failure("a byte order mark is not allowed before JSON text") }
            index = 3
        }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the value") }
        return value
    }

    private func failure(_ message: String, code: String = "invalid-json") -> JSONError {
        JSONError(code: code, offset: index, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func parseValue() throws(JSONError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONError) {
        let expected = word.utf8
        guard index + expected.count <= bytes.count,
            bytes[index..<(index + expected.count)].elementsEqual(expected)
        else { throw failure("unexpected character") }
        index += expected.count
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        guard depth <= maxDepth else { throw failure("nested deeper than \(maxDepth)", code: "too-deep") }
    }

    private mutating func parseObject() throws(JSONError) -> JSONValue {
        try enter()
        var object = JSONObject()
        var keys = Set<String>()
        if isEmpty(closedBy: UInt8(ascii: "}")) { return .object(object) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try parseString()
            guard keys.insert(key).inserted else { throw failure("repeated key \"\(key)\"") }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            object.appendNew(key, try parseValue())
        } while try !isClosed(by: UInt8(ascii: "}"))
        return .object(object)
    }

    private mutating func parseArray() throws(JSONError) -> JSONValue {
        try enter()
        var elements: [JSONValue] = []
        if isEmpty(closedBy: UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            elements.append(try parseValue())
        } while try !isClosed(by: UInt8(ascii: "]"))
        return .array(elements)
    }

    /// Past an object's or array's opening bracket: whether `bracket` closes it at once (then
    /// read, and the level left).
    private mutating func isEmpty(closedBy bracket: UInt8) -> Bool {
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == bracket else { return false }
        index += 1
        depth -= 1
        return true
    }

    /// After a member or element: false at a comma (another follows), true at `bracket` (the
    /// level left); either is read.
    private mutating func isClosed(by bracket: UInt8) throws(JSONError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of input") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return false
        }
        guard bytes[index] == bracket else { throw failure("expected ',' or '\(Character(Unicode.Scalar(bracket)))'") }
        index += 1
        depth -= 1
        return true
    }

    private mutating func parseNumber() throws(JSONError) -> String {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.index
            while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw failure("unexpected character") }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw failure("leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw failure("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw failure("expected digits in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func parseString() throws(JSONError) -> String {
        index += 1
        // Built only once an escape shows up: a string without one is made once from its bytes.
        var text = ""
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let run = try run(from: runStart)
                index += 1
                // Every escape adds a character (`\u0000` is refused), so empty means none was read.
                if text.isEmpty { return run }
                text += run
                return text
            }
            if byte < 0x20 { throw failure("control character in a string") }
            if byte == UInt8(ascii: "\\") {
                text += try run(from: runStart)
                text.unicodeScalars.append(try parseEscape())
                runStart = index
                continue
            }
            index += 1
        }
        throw failure("unterminated string")
    }

    /// The unescaped bytes `start..<index` of a string as a `String`, refusing any that are not UTF-8.
    private func run(from start: Int) throws(JSONError) -> String {
        guard start < index else { return "" }
        // `UTF8Span` validates the contiguous run in one pass (`String(validating:)` on a slice
        // walks it byte by byte).
        do {
            return String(copying: try UTF8Span(validating: bytes[start..<index].span))
        } catch {
            throw JSONError(code: "invalid-json", offset: start + error.byteOffsets.lowerBound, message: "a string is not valid UTF-8")
        }
    }

    private mutating func parseEscape() throws(JSONError) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw failure("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try parseUnicodeEscape()
        default: throw failure("unknown escape")
        }
    }

    private mutating func parseUnicodeEscape() throws(JSONError) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xD800...0xDBFF).contains(high) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw failure("lone surrogate") }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("lone surrogate") }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(value) else { throw failure("invalid code point") }
            return scalar
        }
        guard high != 0 else { throw failure("\\u0000 is not allowed in a string") }
        guard let scalar = Unicode.Scalar(high) else { throw failure("lone surrogate") }
        return scalar
    }

    private mutating func parseHex4() throws(JSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("short \\u escape") }
        var value: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            guard let digit = hexValue(byte) else { throw failure("bad \\u escape") }
            value = value << 4 | digit
        }
        index += 4
        return value
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
