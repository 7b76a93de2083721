/// `CardNetwork.prefixTable` as detection reads it: every range in one flat list, and the entries
/// grouped by the first digit their ranges can begin with, each naming its slice of the list.
///
/// A range matches a number, whole or partly, only if the number's first digit lies between its
/// bounds' first digits, so a bucket keeps only the ranges that can match (10 of the 164 for a Visa
/// number, 30 for a Mastercard). Entries hold indices, not arrays of their own, so reading one
/// retains nothing.
struct PrefixIndex: Sendable {
    struct Entry: Sendable {
        /// The entry's place in `prefixTable`: the earlier wins a tie.
        let priority: Int
        let network: CardNetwork
        /// Positions in `ranges`.
        let ranges: Range<Int>
    }

    let ranges: [PrefixRange]
    let entries: [Entry]
    /// The entries for first digit `d` are `entries[bucketStarts[d]..<bucketStarts[d + 1]]`.
    let bucketStarts: [Int]

    init(_ table: [(network: CardNetwork, ranges: [PrefixRange])]) {
        var ranges: [PrefixRange] = []
        var entries: [Entry] = []
        var bucketStarts = [0]
        for digit in 0...9 {
            for (priority, entry) in table.enumerated() {
                let start = ranges.count
                ranges += entry.ranges.filter { range in
                    let scale = PrefixValues.powersOfTen[range.digits - 1]
                    return range.low / scale <= digit && digit <= range.high / scale
                }
                if ranges.count > start {
                    entries.append(Entry(priority: priority, network: entry.network, ranges: start..<ranges.count))
                }
            }
            bucketStarts.append(entries.count)
        }
        self.ranges = ranges
        self.entries = entries
        self.bucketStarts = bucketStarts
    }
}
