import CardFormSupport
import Testing

/// `ByteSearch` against a plain reference search: the first start of the needle wholly inside the
/// range, whatever bytes its candidates share with it.
@Suite struct ByteSearchTests {
    static func reference(_ needle: [UInt8], _ html: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.count >= needle.count else { return nil }
        return (range.lowerBound...(range.upperBound - needle.count)).first { html[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    @Test func itFindsWhatAPlainSearchFinds() {
        let html = Array(#"<p data-cf-x data-cf-announcemenT> data-cf-announcement>said</p> d>ad data-cf-announcement>"#.utf8)
        let needles = [AnnouncementHook.mark, Array("d>".utf8), Array("d".utf8), Array("data-cf-x".utf8), Array("ad data".utf8), Array("zz".utf8)]
        for needle in needles {
            for lower in 0...html.count {
                for upper in lower...html.count {
                    let expected = Self.reference(needle, html, lower..<upper)
                    #expect(
                        ByteSearch.firstIndex(of: needle, in: html, lower..<upper) == expected,
                        "\(String(decoding: needle, as: UTF8.self)) in \(lower)..<\(upper)")
                    #expect(
                        ByteSearch.firstIndex(of: needle, in: html, lower..<upper, anchoredAt: .lastByte) == expected,
                        "\(String(decoding: needle, as: UTF8.self)) by its last byte in \(lower)..<\(upper)")
                }
            }
        }
    }

    @Test func theHooksTextIsFoundAfterANearMiss() {
        let html = Array(#"<p data-cf-announcemenT>no</p><p data-cf-announcement>said</p>"#.utf8)
        let text = AnnouncementHook.text(in: html, 0..<html.count)
        #expect(text.map { String(decoding: html[$0], as: UTF8.self) } == "said")
    }
}
