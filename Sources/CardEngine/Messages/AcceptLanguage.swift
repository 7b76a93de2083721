/// The languages a browser asks for, from its `Accept-Language` header (RFC 9110 §12.5.4), and
/// the best of ours for them (RFC 4647 lookup over `LanguageTag.fallbacks`).
public struct AcceptLanguage: Hashable, Sendable {
    /// One language range and its weight, in the order the header gives them.
    public struct Range: Hashable, Sendable {
        /// Normalised (`LanguageTag.normalized`), or `*`.
        public var tag: String
        /// 0…1000 (the q-value in thousandths): 0 means "not this one".
        public var weight: Int
    }

    /// The ranges, best first (equal weights keep the header's order).
    public let ranges: [Range]

    /// The most ranges read: a longer header is cut there, so a hostile one costs nothing.
    static let maxRanges = 32

    /// Parses `header`; a range with a malformed q-value is skipped, the rest are kept.
    public init(_ header: String) {
        var ranges: [Range] = []
        for item in header.split(separator: ",").prefix(Self.maxRanges) {
            let parts = item.split(separator: ";")
            guard let first = parts.first else { continue }
            let tag = first.trimmingSpaces
            guard tag == "*" || Self.isRange(tag) else { continue }
            var weight: Int? = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { continue }
                weight = Self.weight(pair[1].trimmingSpaces)
            }
            guard let weight else { continue }
            ranges.append(Range(tag: tag == "*" ? "*" : LanguageTag.normalized(tag), weight: weight))
        }
        self.ranges = ranges.enumerated().sorted { ($0.element.weight, -$0.offset) > ($1.element.weight, -$1.offset) }
            .map(\.element)
    }

    /// The catalog tag (lower case, as `MessageCatalogs` keys it) that serves this browser best:
    /// the first range, by weight, that one of `languages` serves through its fallbacks
    /// (`fr-CH` → `fr`, `zh-TW` → `zh-hant`); a wildcard takes `preferred` (else the first, in
    /// alphabetical order, not refused with `q=0`); nil when nothing asked for is available.
    public func best(in languages: Set<String>, preferred: String = "en") -> String? {
        let refused = Set(ranges.filter { $0.weight == 0 }.map(\.tag))
        for range in ranges where range.weight > 0 {
            if range.tag == "*" {
                let open = languages.subtracting(refused)
                return open.contains(preferred) ? preferred : open.sorted().first
            }
            if let match = LanguageTag.fallbacks(range.tag).first(where: { languages.contains($0) && !refused.contains($0) }) {
                return match
            }
        }
        return nil
    }

    /// `en`, `fr-CA`, `zh-Hant-TW`, `es-419`: letters, digits and hyphens, 1–8 per part.
    private static func isRange(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return !text.isEmpty && text.count <= 35 && parts.allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        } && parts[0].allSatisfy(\.isLetter)
    }

    /// `1`, `0.8`, `0.125`, `1.000` → thousandths; nil for anything else.
    private static func weight(_ text: String) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, whole == "0" || whole == "1" else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let thousandths = Int(fraction + String(repeating: "0", count: 3 - fraction.count)) ?? 0
        let value = (whole == "1" ? 1000 : 0) + thousandths
        return value <= 1000 ? value : nil
    }
}
