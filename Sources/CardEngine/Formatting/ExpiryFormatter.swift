/// Formats the expiry date as `MM/YY` while the shopper types, pastes or autofills.
public enum ExpiryFormatter {
    /// Formats an edit.
    ///
    /// - Typing: digits only; `/` follows a complete month (`12` → `12/`); a first digit 2–9 is a
    ///   month (`4` → `04/`); `1` then 3–9 is January (`13` → `01/3`), and so is `1/`; `00` keeps
    ///   one `0`.
    /// - Backspace just after the `/` removes it and the month digit before it.
    /// - A paste, or an autofill (two or more characters arriving at once), of a whole date —
    ///   `12/2030`, `12 / 30`, `1230`, `122030`, `2030-12`, `2030-1`, `2030/12`, `12.2030`, `1/30` —
    ///   becomes `12/30` (`01/30`), the caret at the end.
    public static func format(_ edit: FieldEdit, isPaste: Bool = false, today: YearMonth) -> FormattedValue {
        let caret = EditScanner.clamp(edit.caret, in: edit.raw)
        let clamped = FieldEdit(previous: edit.previous, raw: edit.raw, caret: caret)
        if let fixed = EditScanner.backspaceOverSeparator(clamped, isSeparator: { $0 == 0x2F }) {
            let (digits, beforeCaret) = EditScanner.digits(in: fixed.raw, caret: fixed.caret)
            return stream(digits, beforeCaret: beforeCaret)
        }
        let arrivedAtOnce = EditScanner.insertedCount(edit) >= 2
        if isPaste || arrivedAtOnce, let whole = wholeDate(edit.raw, today: today) {
            return FormattedValue(value: whole, caret: whole.utf16.count)
        }
        var (digits, beforeCaret) = EditScanner.digits(in: edit.raw, caret: caret)
        let monthDigits = digitsBeforeSlash(edit.raw)
        // "1/" typed by hand means January: the slash closes a one-digit month.
        if monthDigits == 1, let first = digits.first, first != UInt8(ascii: "0") {
            digits.insert(UInt8(ascii: "0"), at: 0)
            if beforeCaret > 0 { beforeCaret += 1 }
        }
        // Two digits before a slash are the month as written, even "13": the error then shows at
        // once instead of the digits being read as another date.
        return stream(digits, beforeCaret: beforeCaret, monthAsWritten: monthDigits == 1 || monthDigits == 2)
    }

    /// How many numbers (`Character.isNumber`) precede the first `/`, or nil without one. An ASCII
    /// value is read as bytes (its only numbers are the digits), any other as Characters.
    static func digitsBeforeSlash(_ raw: String) -> Int? {
        let ascii = raw.utf8.count == raw.utf16.count
        guard ascii else { return raw.firstIndex(of: "/").map { raw[..<$0].filter(\.isNumber).count } }
        var digits = 0
        for byte in raw.utf8 {
            if byte == UInt8(ascii: "/") { return digits }
            if (0x30...0x39).contains(byte) { digits += 1 }
        }
        return nil
    }

    /// `MM/YY` for a complete date written any common way, or nil.
    static func wholeDate(_ raw: String, today: YearMonth) -> String? {
        // Kept as bytes (digits as ASCII, and the separators `/`, `-`, space), not Characters:
        // this runs on every autofill and paste of the date.
        var kept: [UInt8] = []
        kept.reserveCapacity(raw.utf8.count)
        for scalar in raw.unicodeScalars {
            if let digit = EditScanner.asciiDigit(scalar) {
                kept.append(digit)
            } else if scalar == "/" || scalar == "-" || scalar == " " {
                kept.append(UInt8(scalar.value))
            }
        }
        // A year first is ISO's order whatever the separator: `2030/12` reads as `2030-12`.
        if let slash = kept.firstIndex(of: UInt8(ascii: "/")), kept[..<slash].count(where: { $0 != UInt8(ascii: " ") }) == 4 {
            kept[slash] = UInt8(ascii: "-")
        }
        let text = String(decoding: kept, as: UTF8.self)
        let rule = ExpiryRule(acceptsFourDigitYears: true)
        guard let parts = rule.split(text, today: today), (1...2).contains(parts.month.count),
            let month = Int(parts.month), (1...12).contains(month), parts.year.count == 2 || parts.year.count == 4
        else { return nil }
        return (month < 10 ? "0" : "") + String(month) + "/" + parts.year.suffix(2)
    }

    /// Lays typed digits out as `MM/YY`, the caret after the same digit it followed.
    static func stream(_ digits: [UInt8], beforeCaret: Int, monthAsWritten: Bool = false) -> FormattedValue {
        let zero = UInt8(ascii: "0"), slash = UInt8(ascii: "/")
        var caret = 0
        // At most two month digits, the slash and two year digits: written straight into the
        // string's storage (five bytes are stored inline, so an expiry keystroke allocates nothing
        // here). `append` refuses a sixth byte, so no layout can write past the five.
        let value = String(unsafeUninitializedCapacity: 5) { output in
            var count = 0
            func append(_ byte: UInt8) {
                guard count < output.count else { return }
                output[count] = byte
                count += 1
            }
            var monthDigits = 0
            var yearDigits = 0
            for (index, digit) in digits.enumerated() {
                if monthDigits < 2 {
                    if monthAsWritten {
                        append(digit)
                        monthDigits += 1
                    } else if monthDigits == 0, digit >= UInt8(ascii: "2") {
                        append(zero)
                        append(digit)
                        monthDigits = 2
                    } else if monthDigits == 1, output[0] == UInt8(ascii: "1"), digit >= UInt8(ascii: "3") {
                        // `1` then 3–9 is January: the month's `1` moves behind a leading zero.
                        output[0] = zero
                        append(UInt8(ascii: "1"))
                        if caret > 0 { caret += 1 }
                        append(slash)
                        append(digit)
                        monthDigits = 2
                        yearDigits = 1
                    } else if monthDigits == 1, output[0] == zero, digit == zero {
                        // "00" is no month: the second zero is not taken.
                    } else {
                        append(digit)
                        monthDigits += 1
                    }
                    if monthDigits == 2, yearDigits == 0 { append(slash) }
                } else if yearDigits < 2 {
                    append(digit)
                    yearDigits += 1
                }
                if index < beforeCaret { caret = count }
            }
            return count
        }
        return FormattedValue(value: value, caret: caret)
    }
}
