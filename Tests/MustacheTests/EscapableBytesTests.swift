@testable import Mustache
import Testing

/// The set of bytes escaping rewrites is written three times: the renderer's entity table
/// (`escapeReplacement`), `HTMLEscaping.needsEscaping` (short values) and `EscapableBytes`'s word
/// constants (values of eight bytes or more). A byte added to one and not the others would go out
/// unescaped; these tests hold the three to one answer for every byte value.
struct EscapableBytesTests {
    @Test func theThreeSpellingsOfTheEscapedSetAgreeOnEveryByte() {
        for value in 0...255 {
            let byte = UInt8(value)
            let rewritten = withUnsafeBytes(of: byte) { raw in
                var output: [UInt8] = []
                Renderer.appendEscaped(raw.bindMemory(to: UInt8.self), to: &output)
                return output != [byte]
            }
            #expect(HTMLEscaping.needsEscaping(byte) == rewritten, "byte \(value): needsEscaping against the table")
            let word = UInt64(byte) &* 0x0101_0101_0101_0101
            #expect(EscapableBytes.occur(inWord: word) == rewritten, "byte \(value): the word test against the table")
        }
    }

    /// Every byte value, 0 and the high half included, at every place of 1 to 17 bytes, among
    /// bytes that are not escaped (high, NUL, and the five's one-bit neighbours).
    @Test func findsEachEscapedByteAtEveryPlaceAmongAnyOthers() {
        for background: UInt8 in [0x00, 0x80, 0xFF, 0x3C ^ 0x01, 0x27 ^ 0x02, 0x22 ^ 0x01] {
            for count in 1...17 {
                for place in 0..<count {
                    for value in 0...255 {
                        var bytes = [UInt8](repeating: background, count: count)
                        bytes[place] = UInt8(value)
                        let found = bytes.withUnsafeBytes { EscapableBytes.occur(in: $0) }
                        #expect(found == HTMLEscaping.needsEscaping(UInt8(value)), "\(value) at \(place) of \(count) among \(background)")
                    }
                }
            }
        }
    }
}
