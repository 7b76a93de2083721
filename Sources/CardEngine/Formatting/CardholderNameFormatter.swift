/// Formats the cardholder name: with `autoCapitalise`, each word's first letter in capitals as the
/// shopper types ("jean-luc o'neil" → "Jean-Luc O'Neil"); the rest is left as typed, so "McDonald"
/// and "van der Berg" stay as written.
public enum CardholderNameFormatter {
    /// Formats an edit of the name, the caret kept after the same character.
    public static func format(_ edit: FieldEdit, autoCapitalise: Bool = true) -> FormattedValue {
        let caret = EditScanner.clamp(edit.caret, in: edit.raw)
        guard autoCapitalise else { return FormattedValue(value: edit.raw, caret: caret) }
        if let ascii = asciiFormat(edit.raw, caret: caret) { return ascii }
        var value = ""
        var caretOut = 0
        var consumed = 0
        // Characters since the current word began, and whether the last one was an apostrophe that
        // ends a one-letter prefix (O', D', L'): the letter after it starts a word too.
        var wordLength = 0
        var afterPrefixApostrophe = false
        for character in edit.raw {
            let start = consumed
            consumed += character.utf16.count
            if character.isLetter, wordLength == 0 || afterPrefixApostrophe {
                value += character.uppercased()
            } else {
                value.append(character)
            }
            if start < caret { caretOut = value.utf16.count }
            afterPrefixApostrophe = (character == "'" || character == "’") && wordLength == 1
            wordLength = character == " " || character == "-" ? 0 : wordLength + 1
        }
        return FormattedValue(value: value, caret: caretOut)
    }

    /// `format` for a name of ASCII characters (every keystroke of most names), read as bytes:
    /// each is one Character and one UTF-16 unit, so the caret stays where it is and a name
    /// already capitalised comes back as it was, without building a new one. Nil for any other
    /// name, and for a carriage return, the one ASCII byte that joins the next into one Character.
    static func asciiFormat(_ raw: String, caret: Int) -> FormattedValue? {
        var capitalised: [UInt8]?
        var wordLength = 0
        var afterPrefixApostrophe = false
        var offset = 0
        for byte in raw.utf8 {
            guard byte < 0x80, byte != UInt8(ascii: "\r") else { return nil }
            // Only a lower-case letter starting a word changes: an upper-case one is its own capital.
            if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "z"), wordLength == 0 || afterPrefixApostrophe {
                if capitalised == nil { capitalised = Array(raw.utf8) }
                capitalised?[offset] = byte - 0x20
            }
            afterPrefixApostrophe = byte == UInt8(ascii: "'") && wordLength == 1
            wordLength = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") ? 0 : wordLength + 1
            offset += 1
        }
        return FormattedValue(value: capitalised.map { String(decoding: $0, as: UTF8.self) } ?? raw, caret: caret)
    }
}
