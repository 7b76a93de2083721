import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// Reads of markup done in place: an attribute name's end, 8 bytes at a time
/// (`BlockScanner.attributeNameEnd`), and an echoed value's place (`FragmentDiff.valueText`),
/// each against the plain rule it stands for.
@Suite struct MarkupScanTests {
    /// Bytes around every one `endsName` takes, and the ones the word test flags only to let go.
    static let tricky: [UInt8] = [0x00, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x1F, 0x20, 0x21, 0x2D, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F, 0x40,
                                  0x61, 0x7A, 0x7F, 0x80, 0xBD, 0xBE, 0xFF]

    @Test func aNameEndsAtTheFirstByteThatEndsItAtAnyPlaceInAWordAndNearTheEnd() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20000 {
            let count = Int.random(in: 0...40, using: &generator)
            let bytes: [UInt8] = (0..<count).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0 ? Self.tricky.randomElement(using: &generator)! : UInt8.random(in: 0x61...0x7A, using: &generator)
            }
            let start = Int.random(in: 0...count, using: &generator)
            var expected = start
            while expected < count, !BlockScanner.endsName(bytes[expected]) { expected += 1 }
            let found = bytes.withUnsafeBufferPointer { BlockScanner.attributeNameEnd(in: $0, from: start) }
            #expect(found == expected, "\(bytes) from \(start)")
        }
    }

    @Test func everyByteEndsANameExactlyWhenEndsNameSaysSoWhereverItStands() {
        for byte in UInt8.min...UInt8.max {
            for place in 0..<17 {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 20)
                bytes[place] = byte
                let found = bytes.withUnsafeBufferPointer { BlockScanner.attributeNameEnd(in: $0, from: 0) }
                #expect(found == (BlockScanner.endsName(byte) ? place : 20), "byte \(byte) at \(place)")
            }
        }
    }

    @Test func anEchoedValueIsFoundWhereItStandsWholeAndQuoted() {
        let html = Array(#"<div data-cf-block="cardNumber"><input value="4242 42"><input value="4242"><input value=""></div>"#.utf8)
        func text(_ value: String) -> String? {
            FragmentDiff.valueText(value, in: 0..<html.count, of: html).map { String(decoding: html[$0], as: UTF8.self) }
        }
        #expect(text("4242") == "4242", "a value that only starts another is not taken for it")
        #expect(FragmentDiff.valueText("4242", in: 0..<html.count, of: html)?.lowerBound == 69)
        #expect(text("4242 42") == "4242 42")
        #expect(FragmentDiff.valueText("", in: 0..<html.count, of: html)?.lowerBound == 89)
        #expect(text("42") == nil)
        #expect(FragmentDiff.valueText("4242", in: 0..<73, of: html) == nil, "the closing quote must lie in the range")
        let escaped = Array(#"<input value="O&#39;Brien">"#.utf8)
        #expect(FragmentDiff.valueText("O'Brien", in: 0..<escaped.count, of: escaped) == 14..<25)
    }
}
