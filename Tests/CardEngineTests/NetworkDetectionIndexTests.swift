@testable import CardEngine
import Testing

@Suite struct NetworkDetectionIndexTests {
    /// Detection reads the ranges listed under the number's first digit: each must be listed under
    /// every digit its prefixes can start with (read from the bounds as written), and nowhere else.
    @Test(arguments: 0...9)
    func eachDigitListsExactlyTheRangesThatCanStartWithIt(_ digit: Int) {
        let index = CardNetwork.prefixIndex
        let listed = index.entries[index.bucketStarts[digit]..<index.bucketStarts[digit + 1]]
        var expected: [(priority: Int, network: CardNetwork, ranges: [PrefixRange])] = []
        for (priority, entry) in CardNetwork.prefixTable.enumerated() {
            let ranges = entry.ranges.filter { range in
                let first = { (bound: Int) in Int(String(String(bound).first!))! }
                return (first(range.low)...first(range.high)).contains(digit)
            }
            if !ranges.isEmpty { expected.append((priority, entry.network, ranges)) }
        }
        #expect(listed.map(\.priority) == expected.map(\.priority))
        #expect(listed.map(\.network) == expected.map(\.network))
        #expect(listed.map { Array(index.ranges[$0.ranges]) } == expected.map(\.ranges))
    }
}
