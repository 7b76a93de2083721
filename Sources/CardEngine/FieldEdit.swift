/// One edit of a field as the browser reports it: the value before, the raw value now, and the caret.
///
/// Carets count UTF-16 code units, as the DOM's `selectionStart` does.
public struct FieldEdit: Hashable, Sendable {
    /// The formatted value the server last produced for this field.
    public var previous: String
    /// The value in the input after the shopper's edit, unformatted.
    public var raw: String
    /// The caret in `raw`, in UTF-16 code units.
    public var caret: Int

    public init(previous: String, raw: String, caret: Int) {
        self.previous = previous
        self.raw = raw
        self.caret = caret
    }
}

/// A field's value after formatting, with where the caret goes (UTF-16 code units).
public struct FormattedValue: Hashable, Sendable {
    public var value: String
    public var caret: Int

    public init(value: String, caret: Int) {
        self.value = value
        self.caret = caret
    }
}

extension FieldEdit {
    /// The simplest formatting: keep the characters `keep` accepts, transform each kept character,
    /// and keep the caret after the same kept character it followed. Also caps the result at
    /// `limit` characters.
    public func filtered(
        limit: Int = .max,
        keeping keep: (Character) -> Bool,
        transform: (Character) -> String = { String($0) }
    ) -> FormattedValue {
        var value = ""
        var caretOut = 0
        var consumed = 0  // UTF-16 units of `raw` read so far
        var kept = 0
        for character in raw {
            let before = consumed
            consumed += character.utf16.count
            guard keep(character), kept < limit else { continue }
            value += transform(character)
            kept += 1
            if before < caret { caretOut = value.utf16.count }
        }
        return FormattedValue(value: value, caret: min(caretOut, value.utf16.count))
    }
}
