/// Xorshift numbers from a fixed seed: a randomized test reads the same cases on every run, and a
/// failure names a round that can be run again.
struct SeededNumbers {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
}
