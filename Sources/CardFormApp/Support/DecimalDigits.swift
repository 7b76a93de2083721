/// The decimal text of a number as bytes, for answers and protocol frames written byte by byte
/// (fragment tags, Redis commands) where making a `String` per number would cost more than the rest.
enum DecimalDigits {
    /// Hands `body` the decimal text of `value` (with a leading `-` when `negative`), written
    /// backwards into 20 bytes on the stack, the most a 64-bit magnitude and its sign take: no
    /// `String` made, one division per digit.
    static func with<T>(_ value: UInt64, negative: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var start = 20
            var rest = value
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: buffer[start..<20]))
        }
    }
}
