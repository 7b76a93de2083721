@testable import Mustache
import Testing

struct RenderBufferTests {
    /// Bytes that differ at every offset, so a piece copied to the wrong place or cut short shows.
    private static func piece(_ length: Int, seed: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &* 7 &+ 1) }
    }

    private static func contents(_ buffer: borrowing RenderBuffer) -> [UInt8] {
        buffer.withBytes { Array($0) }
    }

    @Test("copies pieces of every length from 0 to 40 whole, after any prefix, across the word-copy boundaries")
    func copiesEveryPieceLength() {
        for prefix in 0...17 {
            for length in 0...40 {
                var buffer = RenderBuffer(capacity: 64)
                var expected: [UInt8] = []
                for part in [Self.piece(prefix, seed: 1), Self.piece(length, seed: 2), Self.piece(3, seed: 3)] {
                    part.withUnsafeBufferPointer { buffer.append($0) }
                    expected += part
                }
                #expect(Self.contents(buffer) == expected, "prefix \(prefix), piece \(length)")
                #expect(buffer.count == expected.count)
            }
        }
    }

    @Test("keeps every byte written when it grows, whatever piece makes it grow")
    func keepsBytesAcrossGrowth() {
        // Lengths cycling 0…40 land each size of piece on a growth boundary sooner or later.
        var buffer = RenderBuffer(capacity: 64)
        var expected: [UInt8] = []
        for step in 0..<2_000 {
            let part = Self.piece(step % 41, seed: step)
            part.withUnsafeBufferPointer { buffer.append($0) }
            expected += part
        }
        let large = Self.piece(100_000, seed: 9)
        large.withUnsafeBufferPointer { buffer.append($0) }
        expected += large
        #expect(Self.contents(buffer) == expected)
    }

    @Test("counts exactly the bytes a writer puts into room it asked for, growing first when it must")
    func appendsWrittenRoom() {
        var buffer = RenderBuffer(capacity: 64)
        var expected: [UInt8] = []
        for length in [0, 1, 7, 8, 16, 17, 63, 64, 65, 1_000] {
            let part = Self.piece(length, seed: length)
            buffer.append(count: length) { to in
                part.withUnsafeBufferPointer { to.update(from: $0.baseAddress!, count: length) }
            }
            expected += part
        }
        #expect(Self.contents(buffer) == expected)
    }

    @Test("treats an empty piece without storage as nothing to copy")
    func appendsEmptyPieces() {
        var buffer = RenderBuffer(capacity: 0)
        buffer.append(UnsafeBufferPointer(start: nil, count: 0))
        buffer.append(count: 0) { _ in }
        #expect(buffer.count == 0)
        #expect(Self.contents(buffer) == [])
    }
}
