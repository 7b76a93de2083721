extension JSONValue {
    /// The compact JSON text: no whitespace, members in their stored order, non-ASCII kept as UTF-8.
    ///
    /// `<`, `>`, `&`, U+2028 and U+2029 are written as `\u` escapes so the text can be inlined in an
    /// HTML `<script>` without ending it early.
    public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the compact JSON text to `output`.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let literal): output += literal
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Writes `value` quoted, copying the runs of bytes that stand for themselves as they are.
    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        var value = value
        let escaped = value.withUTF8 { utf8 in
            var (runStart, index) = (0, 0)
            while index < utf8.count {
                guard !standsForItself(utf8[index]), let (escape, length) = escape(at: index, in: utf8) else {
                    index += 1
                    continue
                }
                output += String(decoding: UnsafeBufferPointer(rebasing: utf8[runStart..<index]), as: UTF8.self)
                output += escape
                index += length
                runStart = index
            }
            // Every escape moves `runStart` on: still 0, the string holds none (the common case).
            guard runStart > 0 else { return false }
            output += String(decoding: UnsafeBufferPointer(rebasing: utf8[runStart...]), as: UTF8.self)
            return true
        }
        if !escaped { output += value }
        output += "\""
    }

    /// Whether a UTF-8 byte is written as it is, whatever the bytes around it: not a control
    /// character, quote, backslash, `<`, `>`, `&` or DEL, nor 0xE2, which starts U+2028 and U+2029
    /// (and other characters, which `escape(at:in:)` leaves as they are).
    private static func standsForItself(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "<")
            && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "&") && byte != 0x7F && byte != 0xE2
    }

    /// The escape for the character starting at `index` and how many bytes it replaces, or nil
    /// when the character is written as it is.
    private static func escape(at index: Int, in utf8: UnsafeBufferPointer<UInt8>) -> (String, Int)? {
        let byte = utf8[index]
        switch byte {
        case UInt8(ascii: "\""): return ("\\\"", 1)
        case UInt8(ascii: "\\"): return ("\\\\", 1)
        case UInt8(ascii: "\n"): return ("\\n", 1)
        case UInt8(ascii: "\r"): return ("\\r", 1)
        case UInt8(ascii: "\t"): return ("\\t", 1)
        case 0xE2:
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other character starting with E2 stays.
            guard index + 2 < utf8.count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9 else { return nil }
            return (utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", 3)
        default:
            let hex = String(byte, radix: 16)
            return ("\\u00" + (hex.count == 1 ? "0" : "") + hex, 1)
        }
    }
}
