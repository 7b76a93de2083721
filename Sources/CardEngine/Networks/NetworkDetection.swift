/// The networks a card number's prefix can belong to, from the prefix rules alone.
public struct NetworkDetection: Hashable, Sendable {
    /// Possible networks, the most likely first; empty when no range matches.
    ///
    /// When every match is complete (the number is long enough for each matching range), only the
    /// strongest is kept: the longest matching prefix wins, and between equally long prefixes the
    /// narrower range (the more specific issuer list) wins. While some range still matches only
    /// partially, every candidate is kept, so typing more can still settle on any of them.
    public var candidates: [CardNetwork]
    /// True when typing more digits cannot change the detected network.
    public var isSettled: Bool

    /// The network to show: the first candidate, `OTHER` when none matched, nil for no digits.
    public var shown: CardNetwork? { candidates.first ?? (isSettled ? .other : nil) }
}

extension CardNetwork {
    /// Detects the networks for a string of ASCII digits (separators already removed).
    ///
    /// Works from the first digit: `4` is already Visa, `2` Mastercard, `62` UnionPay.
    public static func detect(digits: String) -> NetworkDetection {
        detect(PrefixValues(digits.utf8))
    }

    static func detect(_ prefixes: PrefixValues) -> NetworkDetection {
        guard prefixes.count > 0 else { return NetworkDetection(candidates: [], isSettled: false) }
        let index = prefixIndex
        let digit = prefixes[1]
        let first = index.bucketStarts[digit]
        let end = index.bucketStarts[digit + 1]
        // The candidates live on the stack, kept in rank order as they are found: a bucket holds a
        // handful of entries, and detection runs on every keystroke that changes the BIN.
        return withUnsafeTemporaryAllocation(of: Candidate.self, capacity: max(end - first, 1)) { found in
            var count = 0
            var allComplete = true
            for position in first..<end {
                let entry = index.entries[position]
                guard let candidate = bestMatch(index.ranges, entry, prefixes) else { continue }
                allComplete = allComplete && candidate.isComplete
                var slot = count
                while slot > 0, candidate.ranksBefore(found[slot - 1]) {
                    found[slot] = found[slot - 1]
                    slot -= 1
                }
                found[slot] = candidate
                count += 1
            }
            guard count > 0 else { return NetworkDetection(candidates: [], isSettled: true) }
            if allComplete { return NetworkDetection(candidates: found[0].network.alone, isSettled: true) }
            let networks = [CardNetwork](unsafeUninitializedCapacity: count) { buffer, initialized in
                for place in 0..<count { buffer.initializeElement(at: place, to: found[place].network) }
                initialized = count
            }
            return NetworkDetection(candidates: networks, isSettled: false)
        }
    }

    /// `prefixTable` laid out flat for detection, grouped by first digit.
    static let prefixIndex = PrefixIndex(prefixTable)

    private static func bestMatch(_ ranges: [PrefixRange], _ entry: PrefixIndex.Entry, _ prefixes: PrefixValues) -> Candidate? {
        var best: Candidate?
        for position in entry.ranges {
            let range = ranges[position]
            let candidate: Candidate
            switch range.match(prefixes) {
            case .none: continue
            case .complete:
                candidate = Candidate(
                    network: entry.network, priority: entry.priority, isComplete: true, score: range.digits,
                    width: range.width)
            case .partial:
                // Progress inside a short scheme prefix (6011, 2221…) counts as evidence; progress
                // inside a 6–8 digit issuer list does not: those sit inside other schemes' ranges.
                let score = range.digits <= 4 ? prefixes.count : 0
                candidate = Candidate(
                    network: entry.network, priority: entry.priority, isComplete: false, score: score, width: .max)
            }
            if best.map({ candidate.ranksBefore($0) }) ?? true { best = candidate }
        }
        return best
    }

    private struct Candidate {
        let network: CardNetwork
        let priority: Int
        let isComplete: Bool
        let score: Int
        let width: Int

        func ranksBefore(_ other: Candidate) -> Bool {
            if score != other.score { return score > other.score }
            if isComplete != other.isComplete { return isComplete }
            if width != other.width { return width < other.width }
            return priority < other.priority
        }
    }
}
