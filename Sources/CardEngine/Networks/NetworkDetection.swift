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
        var found: [Candidate] = []
        found.reserveCapacity(4)
        for entry in prefixTableByFirstDigit[prefixes[1]] {
            if let candidate = bestMatch(entry.ranges, prefixes, network: entry.network, priority: entry.priority) {
                found.append(candidate)
            }
        }
        guard !found.isEmpty else { return NetworkDetection(candidates: [], isSettled: true) }
        found.sort { $0.ranksBefore($1) }
        if found.allSatisfy(\.isComplete) {
            return NetworkDetection(candidates: [found[0].network], isSettled: true)
        }
        return NetworkDetection(candidates: found.map(\.network), isSettled: false)
    }

    /// `prefixTable` for each first digit: the entries, with their place in the table (their
    /// priority), keeping only the ranges whose prefixes can begin with that digit. A range matches
    /// a number, whole or partly, only if the number's first digit lies between its bounds' first
    /// digits, so detection reads the same ranges less the ones that cannot match (10 of the 164
    /// for a Visa number, 30 for a Mastercard; every keystroke that changes the BIN detects).
    static let prefixTableByFirstDigit: [[(priority: Int, network: CardNetwork, ranges: [PrefixRange])]] = (0...9).map { digit in
        prefixTable.enumerated().compactMap { priority, entry in
            let ranges = entry.ranges.filter { range in
                let scale = PrefixValues.powersOfTen[range.digits - 1]
                return range.low / scale <= digit && digit <= range.high / scale
            }
            return ranges.isEmpty ? nil : (priority, entry.network, ranges)
        }
    }

    private static func bestMatch(
        _ ranges: [PrefixRange], _ prefixes: PrefixValues, network: CardNetwork, priority: Int
    ) -> Candidate? {
        var best: Candidate?
        for range in ranges {
            let candidate: Candidate
            switch range.match(prefixes) {
            case .none: continue
            case .complete:
                candidate = Candidate(
                    network: network, priority: priority, isComplete: true, score: range.digits, width: range.width)
            case .partial:
                // Progress inside a short scheme prefix (6011, 2221…) counts as evidence; progress
                // inside a 6–8 digit issuer list does not: those sit inside other schemes' ranges.
                let score = range.digits <= 4 ? prefixes.count : 0
                candidate = Candidate(network: network, priority: priority, isComplete: false, score: score, width: .max)
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
