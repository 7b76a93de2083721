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
        guard let hook = ByteSearch.firstIndex(of: mark, in: html, range),
              case let start = hook + mark.count,
              let close = html[start..<range.upperBound].firstIndex(of: UInt8(ascii: "<"))
        else { return nil }
        return start..<close
    }
}

/// Finding a run of bytes in rendered markup.
public enum ByteSearch {
    /// The first index in `html[range]` where `needle` starts, or nil: a plain byte search (the
    /// generic `firstRange(of:)` cost a third of a keystroke's instructions where fragments use it).
    /// Candidates are found with `memchr` (vectorised in the C library), then compared whole.
    public static func firstIndex(of needle: [UInt8], in html: [UInt8], _ range: Range<Int>) -> Int? {
        html.withUnsafeBufferPointer { html in
            needle.withUnsafeBufferPointer { needle in
                guard let first = needle.first, range.count >= needle.count, let base = html.baseAddress else { return nil }
                var index = range.lowerBound
                let last = range.upperBound - needle.count
                while index <= last {
                    guard let found = memchr(base + index, Int32(first), last - index + 1) else { return nil }
                    index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                    // The last byte first: markup repeats a needle's first byte (`d` of every
                    // `data-`), and most candidates then fail here without a call.
                    if base[index + needle.count - 1] == needle[needle.count - 1],
                       memcmp(base + index, needle.baseAddress!, needle.count) == 0 { return index }
                    index += 1
                }
                return nil
            }
        }
    }
}
