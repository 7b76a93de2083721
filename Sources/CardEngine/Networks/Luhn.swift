/// The Luhn (mod 10) check over ASCII digits.
public enum Luhn {
    /// True when the last digit is the Luhn check digit of the others. Empty input is not valid.
    public static func isValid(_ digits: some BidirectionalCollection<UInt8>) -> Bool {
        var sum = 0
        var double = false
        var count = 0
        for byte in digits.reversed() {
            var value = Int(byte &- 0x30)
            guard (0...9).contains(value) else { return false }
            if double {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
            double.toggle()
            count += 1
        }
        return count > 0 && sum % 10 == 0
    }

    /// True when the string of digits passes Luhn.
    public static func isValid(_ digits: String) -> Bool { isValid(Array(digits.utf8)) }
}
