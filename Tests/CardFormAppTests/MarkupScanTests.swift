import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// Reads of markup done in place: an attribute name's end, 8 bytes at a time
/// (`BlockScanner.attributeNameEnd`), and an echoed value's place (`FragmentDiff.valueText`),
/// each against the plain rule it stands for.
@Suite struct MarkupScanTests {
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
