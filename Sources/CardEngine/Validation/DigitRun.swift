/// A run of ASCII digits read as a number: how many digits and their value, so an expiry's month
/// and year are judged without building strings (`ExpiryRule` runs on every expiry keystroke).
struct DigitRun: Equatable {
    /// The digits in the run (leading zeros count: `07` is 2 digits).
    var count = 0
    /// Their value; 0 for a run too long to hold in an `Int` (its length alone decides then).
    var value = 0

    /// Digits longer than this are not summed: 18 decimal digits always fit an `Int`.
    private static let summedDigits = 18

    /// Reads `text`, which holds ASCII digits only (what `ExpiryRule.split` gives).
    init(_ text: String) {
        for byte in text.utf8 { append(byte) }
        if count > Self.summedDigits { value = 0 }
    }

    private init() {}

    private mutating func append(_ byte: UInt8) {
        if count < Self.summedDigits { value = value * 10 + Int(byte &- 0x30) }
        count += 1
    }

    /// The month and year of `text` when it is digits around one `/` and nothing else (the
    /// formatted field's `MM/YY` and every beginning of it after the slash), else nil.
    static func slashed(_ text: String) -> (month: DigitRun, year: DigitRun)? {
        var month = DigitRun(), year = DigitRun()
        var afterSlash = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: "/") {
                if afterSlash { return nil }
                afterSlash = true
            } else if (0x30...0x39).contains(byte) {
                if afterSlash { year.append(byte) } else { month.append(byte) }
            } else {
                return nil
            }
        }
        guard afterSlash else { return nil }
        if month.count > summedDigits { month.value = 0 }
        if year.count > summedDigits { year.value = 0 }
        return (month, year)
    }

    /// Whether the run's digits are exactly the decimal spelling of `number` (`20` for 20, not `020`).
    func spells(_ number: Int) -> Bool {
        count == Self.digitCount(of: number) && value == number
    }

    /// Whether the run's digits begin with the decimal spelling of `number`.
    func startsSpelling(_ number: Int) -> Bool {
        let length = Self.digitCount(of: number)
        guard number >= 0, count >= length, count <= Self.summedDigits else { return false }
        var scale = 1
        for _ in 0..<(count - length) { scale *= 10 }
        return value / scale == number
    }

    /// The digits in `number`'s decimal spelling; `Int.max` for a negative number, whose spelling
    /// starts with `-` and so never matches a run of digits.
    private static func digitCount(of number: Int) -> Int {
        guard number >= 0 else { return .max }
        var digits = 1, rest = number / 10
        while rest > 0 { digits += 1; rest /= 10 }
        return digits
    }
}
