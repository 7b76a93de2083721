import Testing
@testable import CardFormApp

@Suite struct BlockMemoTests {
    /// The key hashes part of the field's state only: states alike in that part share a hash and
    /// must still get their own entries.
    @Test func statesThatDifferOnlyInWhatTheKeyDoesNotHashKeepTheirOwnEntries() {
        let memo = BoundedMemo<BlockMemo.Key, BlockMemo.Entry>(capacity: BlockMemo.capacity)
        let plain = FieldState(required: true, disabled: false, autoCapitalise: false)
        var labelled = plain
        labelled.label = "Name on card"
        let keys = [plain, labelled].map { BlockMemo.Key(template: "blocks/cardholder-name", language: "en", state: $0) }
        #expect(keys[0].hashValue == keys[1].hashValue)
        memo.remember(BlockMemo.Entry(cutting: Array("<p>a</p>".utf8), block: 0..<8), for: keys[0])
        memo.remember(BlockMemo.Entry(cutting: Array("<p>bb</p>".utf8), block: 0..<9), for: keys[1])
        #expect(memo.count == 2)
        #expect(memo.entry(for: keys[0])?.pieces == [Array("<p>a</p>".utf8)])
        #expect(memo.entry(for: keys[1])?.pieces == [Array("<p>bb</p>".utf8)])
    }
}
