@testable import HTTPServer
import Testing

/// `ByteWord`'s word tests, checked against reading the eight bytes one at a time, for every
/// limit they are allowed (up to 0x80) and every byte value at every position.
@Suite("Eight bytes at a time")
struct ByteWordTests {
    /// The index of the first byte the lowest mark of `marks` points at, or nil for none.
    private static func first(_ marks: UInt64) -> Int? {
        marks == 0 ? nil : marks.trailingZeroBitCount / 8
    }

    private static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { ByteWord.load($0, at: 0) }
    }

    /// Eight `filler` bytes with `byte` at `position`, as `load` reads them (without an array:
    /// the loops below build a million words).
    private static func word(_ filler: UInt8, _ byte: UInt8, at position: Int) -> UInt64 {
        let shift = UInt64(8 * position)
        return (ByteWord.ones &* UInt64(filler)) & ~(0xFF << shift) | (UInt64(byte) << shift)
    }

    /// The first of eight `filler` bytes with `byte` at `position` that `test` holds for.
    private static func first(_ filler: UInt8, _ byte: UInt8, at position: Int, _ test: (UInt8) -> Bool) -> Int? {
        (0..<8).first { test($0 == position ? byte : filler) }
    }

    @Test func theFirstByteLoadsIntoTheLowestBits() {
        let bytes: [UInt8] = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99]
        #expect(Self.word(bytes) == 0x8877_6655_4433_2211)
        #expect(bytes.withUnsafeBytes { ByteWord.load($0, at: 1) } == 0x9988_7766_5544_3322)
    }

    @Test func theLowestMarkIsTheFirstByteBelowTheLimit() {
        var misses: [String] = []
        for limit: UInt8 in 1...0x80 {
            for filler: UInt8 in [limit, 0x7F, 0x80, 0xFF] {
                for position in 0..<8 {
                    for byte: UInt8 in 0...0xFF {
                        let expected = Self.first(filler, byte, at: position) { $0 < limit }
                        if Self.first(ByteWord.below(Self.word(filler, byte, at: position), limit)) != expected {
                            misses.append("below \(limit): \(byte) at \(position) in \(filler)")
                        }
                    }
                }
            }
        }
        #expect(misses.isEmpty, "\(misses.prefix(5))")
    }

    @Test func theLowestMarkIsTheFirstEqualByte() {
        var misses: [String] = []
        for target: UInt8 in 0...0xFF {
            for position in 0..<8 {
                for byte: UInt8 in 0...0xFF {
                    // The filler one above the target: a borrow from a marked byte must not mark it.
                    let filler = target &+ 1
                    let expected = Self.first(filler, byte, at: position) { $0 == target }
                    if Self.first(ByteWord.equal(Self.word(filler, byte, at: position), target)) != expected {
                        misses.append("equal \(target): \(byte) at \(position) in \(filler)")
                    }
                }
            }
        }
        #expect(misses.isEmpty, "\(misses.prefix(5))")
    }
}
