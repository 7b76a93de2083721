import Testing
import CardFormSupport
@testable import CardFormApp

@Suite struct BlockMemoTests {
    /// The key hashes part of the field's state only: states alike in that part share a hash and
    /// must still get their own entries.
    @Test func statesThatDifferOnlyInWhatTheKeyDoesNotHashKeepTheirOwnEntries() {
        let memo = BoundedMemo<BlockMemo.Key, BlockMemo.Entry>(capacity: BlockMemo.capacity)
        let plain = FieldState(required: true, disabled: false, autoCapitalise: false)
        var labelled = plain
        labelled.label = "Name on card"
        let keys = [plain, labelled].map { BlockMemo.Key(site: MemoSite(template: "blocks/cardholder-name", language: "en"), state: $0) }
        #expect(keys[0].hashValue == keys[1].hashValue)
        memo.remember(BlockMemo.Entry(cutting: Array("<p>a</p>".utf8), block: 0..<8), for: keys[0])
        memo.remember(BlockMemo.Entry(cutting: Array("<p>bb</p>".utf8), block: 0..<9), for: keys[1])
        #expect(memo.count == 2)
        #expect(memo.entry(for: keys[0])?.pieces == [Array("<p>a</p>".utf8)])
        #expect(memo.entry(for: keys[1])?.pieces == [Array("<p>bb</p>".utf8)])
    }

    /// A field shown and the same field left out (`Key.shown`, not hashed) share a hash but are
    /// different keys: each keeps its own entry, the block for one and the blanks for the other.
    @Test func aFieldShownAndLeftOutKeepTheirOwnEntries() {
        let memo = BoundedMemo<BlockMemo.Key, BlockMemo.Entry>(capacity: BlockMemo.capacity)
        let state = FieldState(required: true, disabled: false, autoCapitalise: false)
        let site = MemoSite(template: "blocks/cvv", language: "en")
        let shown = BlockMemo.Key(site: site, state: state)
        let leftOut = BlockMemo.Key(site: site, state: state, shown: false)
        #expect(shown.hashValue == leftOut.hashValue)
        #expect(shown != leftOut)
        memo.remember(BlockMemo.Entry(cutting: Array("<p>a</p>".utf8), block: 0..<8), for: shown)
        memo.remember(BlockMemo.Entry(blanks: Array("\n".utf8)), for: leftOut)
        #expect(memo.count == 2)
        #expect(memo.entry(for: shown)?.rendersNothing == false)
        #expect(memo.entry(for: leftOut)?.rendersNothing == true)
        #expect(memo.entry(for: leftOut)?.pieces == [Array("\n".utf8)])
    }

    /// What an entry knows of its block's hashes, filled with each value, is what the diff works
    /// out from the markup; the value's place and the hashes leaving it out are known only when
    /// the stand-in is the text of the block's first `value="…"`.
    @Test(arguments: [
        (#"<div data-cf-block="f"><p>4242</p><input value="@" name="a"></div>"#, true, true),
        (#"<input data-cf-block="f" class="x" value="@">"#, true, false),
        (#"<div data-cf-block="f"><option value="GB">GB</option><input value="@"></div>"#, false, false),
        (#"<div data-cf-block="f"><input value="@"><span>@</span></div>"#, false, false),
        (#"<div data-cf-block="f"><input data-x="@"></div>"#, false, false),
        (#"<div data-cf-block="f" class="a>b"><input value=""></div>"#, false, false),
    ])
    func anEntrysKnownHashesAreWhatTheDiffWorksOut(template: String, placeKnown: Bool, innerKnown: Bool) {
        let standIn = Array(template.replacingOccurrences(of: "@", with: BlockMemo.standIn).utf8)
        let entry = BlockMemo.Entry(cutting: Array("\n  ".utf8) + standIn + Array(" \n".utf8), block: 3..<(3 + standIn.count))
        for value in ["4242", "GB", "4242 4242 4242 4242", "é"] where template.contains("@") {
            var html = Array("<x>".utf8)
            let range = entry.append(filledWith: value, to: &html)
            let tree = BlockTree(bytes: html, blocks: [BlockTree.Block(key: "f", range: range, parent: nil)])
            let known = entry.known(filledWith: value, at: range)
            #expect(FragmentDiff.knownHashesHold(tree, [known]))
            #expect(known.own == tree.ownHash(of: 0))
            #expect((known.filled != nil) == placeKnown)
            #expect((known.filled?.inner != nil) == innerKnown)
        }
        if !template.contains("@") {
            var html: [UInt8] = []
            let range = entry.append(filledWith: "", to: &html)
            let tree = BlockTree(bytes: html, blocks: [BlockTree.Block(key: "f", range: range, parent: nil)])
            let known = entry.known(filledWith: "", at: range)
            #expect(FragmentDiff.knownHashesHold(tree, [known]))
            #expect(known.inner != nil && known.tagEnd != nil && known.filled == nil)
        }
    }
}
