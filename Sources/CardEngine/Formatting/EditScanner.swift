/// Helpers shared by the formatters: reading digits out of what the browser sent, with the caret.
enum EditScanner {
    /// The ASCII digits of `raw` (any Unicode decimal digit counts, so full-width input from an IME
    /// works), and how many of them sit before `caret` (UTF-16 units).
    static func digits(in raw: String, caret: Int) -> (digits: [UInt8], beforeCaret: Int) {
        if let ascii = asciiDigits(in: raw, caret: caret) { return ascii }
        var digits: [UInt8] = []
        digits.reserveCapacity(20)
        var beforeCaret = 0
        var offset = 0
        for scalar in raw.unicodeScalars {
            if let digit = asciiDigit(scalar) {
                digits.append(digit)
                if offset < caret { beforeCaret += 1 }
            }
            offset += scalar.utf16.count
        }
        return (digits, beforeCaret)
    }

    /// `digits(in:caret:)` for text that is all ASCII (what a keyboard types), read as bytes: a
    /// byte is a UTF-16 unit there, and no scalar needs decoding. Nil for any other text.
    private static func asciiDigits(in raw: String, caret: Int) -> (digits: [UInt8], beforeCaret: Int)? {
        // Read in place: every card number and expiry keystroke asks, and stepping through `utf8`
        // cost ~300 instructions more. The list is reserved, not made with
        // `init(unsafeUninitializedCapacity:)`: that one is not specialised (~530 an allocation).
        var raw = raw
        return raw.withUTF8 { bytes in
            var digits: [UInt8] = []
            digits.reserveCapacity(bytes.count)
            var beforeCaret = 0
            for offset in bytes.indices {
                let byte = bytes[offset]
                guard byte < 0x80 else { return nil }
                if (0x30...0x39).contains(byte) {
                    digits.append(byte)
                    if offset < caret { beforeCaret += 1 }
                }
            }
            return (digits, beforeCaret)
        }
    }

    /// The ASCII byte for a decimal digit scalar, or nil.
    static func asciiDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.isASCII {
            let value = UInt8(scalar.value)
            return (0x30...0x39).contains(value) ? value : nil
        }
        guard scalar.properties.numericType == .decimal, let number = scalar.properties.numericValue,
            (0...9).contains(number)
        else { return nil }
        return 0x30 + UInt8(number)
    }

    /// When `raw` is `previous` with one `separator` removed at the caret — what a backspace just
    /// after a separator the formatter inserted produces — returns `raw` with the digit before that
    /// spot removed too, and the caret there. Otherwise nil.
    ///
    /// Without this, the formatter would put the separator straight back and the key would seem dead.
    static func backspaceOverSeparator(
        _ edit: FieldEdit, isSeparator: (UInt16) -> Bool
    ) -> (raw: String, caret: Int)? {
        // Most edits insert: answered before copying either value.
        guard edit.previous.utf16.count == edit.raw.utf16.count + 1 else { return nil }
        let previous = Array(edit.previous.utf16)
        let raw = Array(edit.raw.utf16)
        let caret = edit.caret
        guard caret >= 0, caret < previous.count, isSeparator(previous[caret]),
            previous[..<caret].elementsEqual(raw[..<caret]), previous[(caret + 1)...].elementsEqual(raw[caret...])
        else { return nil }
        guard let digitIndex = raw[..<caret].lastIndex(where: { (0x30...0x39).contains($0) }) else { return nil }
        var result = raw
        result.remove(at: digitIndex)
        return (String(decoding: result, as: UTF16.self), digitIndex)
    }

    /// How many UTF-16 units the edit inserted: `raw` less what it shares with `previous` at its
    /// start and at its end. Typing inserts one; a paste or an autofill, even one replacing a whole
    /// value of about the same length, inserts more.
    static func insertedCount(_ edit: FieldEdit) -> Int {
        // ASCII values (a count of UTF-8 bytes equal to UTF-16 units says so) are compared on their
        // bytes in place: every expiry keystroke asks, and copying both values out cost ~2 k.
        if edit.previous.utf8.count == edit.previous.utf16.count, edit.raw.utf8.count == edit.raw.utf16.count,
            let count = edit.previous.utf8.withContiguousStorageIfAvailable({ previous in
                edit.raw.utf8.withContiguousStorageIfAvailable { raw in insertedCount(previous, raw) }
            }), let count
        {
            return count
        }
        return insertedCount(Array(edit.previous.utf16), Array(edit.raw.utf16))
    }

    /// `raw.count` less the units it shares with `previous` at its start, and then at its end.
    static func insertedCount<Units: RandomAccessCollection>(_ previous: Units, _ raw: Units) -> Int
    where Units.Element: Equatable, Units.Index == Int {
        let shared = min(previous.count, raw.count)
        var head = 0
        while head < shared, previous[previous.startIndex + head] == raw[raw.startIndex + head] { head += 1 }
        var tail = 0
        while tail < shared - head, previous[previous.endIndex - 1 - tail] == raw[raw.endIndex - 1 - tail] { tail += 1 }
        return raw.count - head - tail
    }

    /// Clamps a caret the browser sent to the value it describes.
    static func clamp(_ caret: Int, in raw: String) -> Int {
        min(max(caret, 0), raw.utf16.count)
    }
}
