/// An inclusive range of card-number prefixes of one digit count, e.g. `51…55` or `622126…622925`.
struct PrefixRange: Hashable, Sendable {
    let low: Int
    let high: Int
    /// How many leading digits the range speaks about (the digit count of `low` and `high`).
    let digits: Int

    init(_ low: Int, _ high: Int) {
        self.low = low
        self.high = high
        digits = String(low).count
    }

    init(_ prefix: Int) { self.init(prefix, prefix) }

    /// How `prefixes` (the values of the number's first 1…8 digits, `count` digits typed) relates to
    /// the range.
    func match(_ prefixes: PrefixValues) -> Match {
        if prefixes.count >= digits {
            let value = prefixes[digits]
            return (low...high).contains(value) ? .complete : .none
        }
        // A shorter number matches while it is still the start of some prefix in the range.
        let scale = PrefixValues.powersOfTen[digits - prefixes.count]
        return (low / scale...high / scale).contains(prefixes[prefixes.count]) ? .partial : .none
    }

    /// The number of prefixes in the range at its own digit count: narrower is more specific.
    var width: Int { high - low + 1 }

    enum Match { case none, partial, complete }
}

/// The integer values of a card number's first 1…8 digits, computed once per detection.
struct PrefixValues {
    static let powersOfTen = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// Digits available, at most 8.
    let count: Int
    private var values: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// Reads the leading ASCII digits of `digits`, stopping at the first non-digit.
    init(_ digits: some Sequence<UInt8>) {
        var count = 0
        var value = 0
        withUnsafeMutableBytes(of: &values) { raw in
            let slots = raw.bindMemory(to: Int.self)
            for byte in digits {
                guard count < 8, (0x30...0x39).contains(byte) else { break }
                value = value * 10 + Int(byte &- 0x30)
                slots[count] = value
                count += 1
            }
        }
        self.count = count
    }

    /// The value of the first `length` digits (1…8).
    subscript(length: Int) -> Int {
        withUnsafeBytes(of: values) { $0.load(fromByteOffset: (length - 1) * MemoryLayout<Int>.stride, as: Int.self) }
    }
}
