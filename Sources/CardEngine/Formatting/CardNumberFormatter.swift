/// Formats the card number as the shopper types: digits only, grouped by the network's gaps, capped
/// at its longest length, the caret kept after the same digit.
public enum CardNumberFormatter {
    /// The most digits a card number field accepts when the network is not known.
    public static let maxDigits = 19

    /// Formats an edit using the network the prefix rules detect.
    ///
    /// The session uses `digits(of:)` and `group(_:beforeCaret:rules:)` instead, so a BIN table's
    /// answer can decide the network in between.
    public static func format(_ edit: FieldEdit) -> FormattedValue {
        let (digits, beforeCaret) = Self.digits(of: edit)
        let network = CardNetwork.detect(PrefixValues(digits)).shown ?? .other
        return keepingCaretAfterSpace(group(digits, beforeCaret: beforeCaret, rules: network.rules), edit: edit)
    }

    /// One character deleted just after a space leaves the caret after the space it lands before:
    /// deleting the first digit of a group, by Backspace or by Delete (`4111 |2222` → `4111 |222 2`,
    /// which is also what Delete before the space gives: the page skips the space), keeps the caret
    /// where it was, not before the separator.
    public static func keepingCaretAfterSpace(_ formatted: FormattedValue, edit: FieldEdit) -> FormattedValue {
        // Most edits insert: answered before copying the values.
        guard edit.previous.utf16.count == edit.raw.utf16.count + 1 else { return formatted }
        let raw = Array(edit.raw.utf16)
        let caret = EditScanner.clamp(edit.caret, in: edit.raw)
        let value = Array(formatted.value.utf16)
        guard caret > 0, raw[caret - 1] == 0x20,
            formatted.caret < value.count, value[formatted.caret] == 0x20
        else {
            return formatted
        }
        return FormattedValue(value: formatted.value, caret: formatted.caret + 1)
    }

    /// The digits of an edit and how many precede the caret, after the backspace-over-a-space rule.
    ///
    /// Spaces, dashes, dots — anything but digits — are dropped, so pasting "4242-4242-4242-4242"
    /// or an autofilled "4242 4242 4242 4242" works.
    public static func digits(of edit: FieldEdit) -> (digits: [UInt8], beforeCaret: Int) {
        let caret = EditScanner.clamp(edit.caret, in: edit.raw)
        let clamped = FieldEdit(previous: edit.previous, raw: edit.raw, caret: caret)
        if let fixed = EditScanner.backspaceOverSeparator(clamped, isSeparator: { $0 == 0x20 }) {
            return EditScanner.digits(in: fixed.raw, caret: fixed.caret)
        }
        return EditScanner.digits(in: edit.raw, caret: caret)
    }

    /// Groups `digits` by the network's gaps, keeping at most its longest length; the caret goes
    /// right after the `beforeCaret`-th digit.
    public static func group(_ digits: [UInt8], beforeCaret: Int, rules: NetworkRules) -> FormattedValue {
        let count = min(digits.count, rules.maxLength)
        let gaps = rules.gaps(forLength: count)
        var caret = 0
        // Written straight into the string's storage (a short number's stays inline): no array of
        // bytes to allocate and copy per keystroke. At most `count` digits and one space per gap.
        let value = String(unsafeUninitializedCapacity: count + gaps.count) { bytes in
            var length = 0
            var gapIndex = 0
            for index in 0..<count {
                if gapIndex < gaps.count, gaps[gapIndex] == index {
                    bytes[length] = 0x20
                    length += 1
                    gapIndex += 1
                }
                bytes[length] = digits[index]
                length += 1
                if index < beforeCaret { caret = length }
            }
            return length
        }
        return FormattedValue(value: value, caret: caret)
    }

    /// The formatted length of the longest number the network issues (for the input's `maxlength`).
    public static func maxFormattedLength(_ rules: NetworkRules) -> Int {
        rules.maxLength + rules.gaps(forLength: rules.maxLength).filter { $0 < rules.maxLength }.count
    }
}
