/// Formats the cardholder name: with `autoCapitalise`, each word's first letter in capitals as the
/// shopper types ("jean-luc o'neil" → "Jean-Luc O'Neil"); the rest is left as typed, so "McDonald"
/// and "van der Berg" stay as written.
public enum CardholderNameFormatter {
    /// Formats an edit of the name, the caret kept after the same character.
    public static func format(_ edit: FieldEdit, autoCapitalise: Bool = true) -> FormattedValue {
        let caret = EditScanner.clamp(edit.caret, in: edit.raw)
        guard autoCapitalise else { return FormattedValue(value: edit.raw, caret: caret) }
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
}
