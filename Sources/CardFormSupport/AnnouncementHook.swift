#if canImport(Glibc)
import Glibc
#endif

/// How the server finds what the live region says in rendered markup: the element marked
/// `data-cf-announcement`, written last in its start tag (`data-cf-announcement>`), its text up to
/// the next tag. The page empties that text once heard, so the server hashes a block as the page
/// then holds it (`FragmentDiff.hashesOnceHeard`); `cardform check` warns when a template writes
/// the mark so that this finds nothing.
///
/// Escaped text and attribute values never hold a `>`, so a value typed by the shopper cannot pass
/// for the mark, and the text (escaped) holds no `<`.
public enum AnnouncementHook {
    public static let mark = Array("data-cf-announcement>".utf8)

    /// Where the announcement's text lies in `html[range]`, or nil when no element there carries
    /// the mark as written above.
    public static func text(in html: [UInt8], _ range: Range<Int>) -> Range<Int>? {
        // Candidates by the mark's `>`, once a tag, rather than by its `d`, in every `data-`:
        // a third as many stops in a field's markup.
        guard let hook = ByteSearch.firstIndex(of: mark, in: html, range, anchoredAt: .lastByte),
              case let start = hook + mark.count,
              let close = html[start..<range.upperBound].firstIndex(of: UInt8(ascii: "<"))
        else { return nil }
        return start..<close
    }
}

/// Finding a run of bytes in rendered markup.
public enum ByteSearch {
    /// Which of a needle's bytes `firstIndex` looks for with `memchr`: the rarer in the markup
    /// searched makes fewer candidates to compare.
    public enum Anchor: Sendable {
        case firstByte, lastByte
    }

    /// The first index in `html[range]` where `needle` starts, or nil: a plain byte search (the
    /// generic `firstRange(of:)` cost a third of a keystroke's instructions where fragments use it).
    /// Candidates are found with `memchr` (vectorised in the C library) by the `anchor` byte, then
    /// compared whole, the byte at the needle's other end first.
    public static func firstIndex(
        of needle: [UInt8], in html: [UInt8], _ range: Range<Int>, anchoredAt anchor: Anchor = .firstByte
    ) -> Int? {
        // memchr and memcmp read up to the range's end unchecked: a range past the markup traps here.
        precondition(range.lowerBound >= 0 && range.upperBound <= html.count, "ByteSearch range outside the markup")
        return html.withUnsafeBufferPointer { html in
            needle.withUnsafeBufferPointer { needle in
                guard !needle.isEmpty, range.count >= needle.count, let base = html.baseAddress else { return nil }
                let anchorAt = anchor == .firstByte ? 0 : needle.count - 1
                // Markup repeats a needle's ends (`d` of every `data-`, `>` of every tag): most
                // candidates then fail on the other end without a call.
                let otherEnd = needle.count - 1 - anchorAt
                var index = range.lowerBound
                let last = range.upperBound - needle.count
                while index <= last {
                    guard let found = memchr(base + index + anchorAt, Int32(needle[anchorAt]), last - index + 1) else { return nil }
                    index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) - anchorAt
                    if base[index + otherEnd] == needle[otherEnd],
                       memcmp(base + index, needle.baseAddress!, needle.count) == 0 { return index }
                    index += 1
                }
                return nil
            }
        }
    }
}
