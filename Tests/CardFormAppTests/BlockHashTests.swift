import Testing
@testable import CardFormApp
@testable import CardFormSupport

@Suite struct BlockHashTests {
    let markup = Array(#"<div data-cf-block="cardNumber" class="field is-valid"><input name="cardNumber" value="4242 4242"></div>"#.utf8)

    @Test func bytesCombinedInPiecesHashAsTheyDoAllAtOnce() {
        let whole = BlockHash.hash(markup[...])
        for first in 0...markup.count {
            for second in stride(from: first, through: markup.count, by: 7) {
                var hasher = BlockHash()
                hasher.combine(markup[..<first])
                hasher.combine(markup[first..<second])
                for byte in markup[second...] { hasher.combine(byte) }
                #expect(hasher.value == whole, "cut at \(first) and \(second)")
            }
        }
    }

    /// Pieces are read a word at a time, the word a piece completes and its last bytes each in
    /// one load: every way of cutting the bytes in three, each piece of any length (shorter than
    /// a word, ending or starting mid-word), hashes as the bytes all at once, and as they do
    /// combined one at a time.
    @Test func bytesCombinedInThreePiecesOfAnyLengthHashAsTheyDoAllAtOnce() {
        expectThreePiecesHashAsWhole(Array(markup.prefix(48)), ownArrays: false)
    }

    /// Each piece in an array of its own size (a load past a piece's end would read outside it,
    /// which a slice of a longer array hides), over bytes of every value, NUL and the high half
    /// included.
    @Test func piecesInArraysOfTheirOwnSizeOverEveryByteValueHashAsAllAtOnce() {
        let bytes = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 113 &+ 0x80) } + [0, 0xFF, 0x80, 0x7F]
        expectThreePiecesHashAsWhole(bytes, ownArrays: true)
    }

    /// `bytes` cut in three at every pair of places, each piece a slice of `bytes` or a copy in
    /// an array of its own.
    private func expectThreePiecesHashAsWhole(_ bytes: [UInt8], ownArrays: Bool) {
        let whole = BlockHash.hash(bytes[...])
        var byteByByte = BlockHash()
        for byte in bytes { byteByByte.combine(byte) }
        #expect(byteByByte.value == whole)
        for first in 0...bytes.count {
            for second in first...bytes.count {
                var hasher = BlockHash()
                for piece in [bytes[..<first], bytes[first..<second], bytes[second...]] {
                    if ownArrays { Array(piece).withUnsafeBytes { hasher.combine($0) } } else { hasher.combine(piece) }
                }
                #expect(hasher.value == whole, "cut at \(first) and \(second)")
            }
        }
    }

    @Test func anyOneByteChangedAddedOrRemovedChangesTheHash() {
        let whole = BlockHash.hash(markup[...])
        var seen: Set<UInt64> = [whole]
        for index in markup.indices {
            var changed = markup
            changed[index] ^= 0x20
            seen.insert(BlockHash.hash(changed[...]))
            seen.insert(BlockHash.hash(markup[..<index]))
        }
        #expect(seen.count == 1 + 2 * markup.count)
        #expect(BlockHash.hash((markup + [0])[...]) != whole, "a trailing zero byte counts")
        #expect(BlockHash.hash([][...]) != BlockHash.hash([0][...]))
    }

    /// Words alternate between two lanes: a word moved to the other lane, or two words swapped
    /// across lanes, must still hash apart.
    @Test func wordsInTheTwoLanesCountWhereTheyStand() {
        let first = Array("8 bytes!".utf8)
        let second = Array("another.".utf8)
        let hashes: Set<UInt64> = [
            BlockHash.hash((first + second)[...]), BlockHash.hash((second + first)[...]),
            BlockHash.hash((first + first)[...]), BlockHash.hash((second + second)[...]),
            BlockHash.hash((first + second + first)[...]), BlockHash.hash((first + first + second)[...]),
            BlockHash.hash((second + first + first)[...]),
        ]
        #expect(hashes.count == 7)
    }

    /// Every server instance sharing a Redis store must hash alike, and a change here resends
    /// each open page's blocks once: the function is pinned.
    @Test func theHashOfGivenBytesIsTheSameInEveryProcessAndBuild() {
        #expect(BlockHash.hash(markup[...]) == 0x527C_BDC3_B28E_EFCC)
        #expect(BlockHash.hash([][...]) == 0xF8FB_F4D7_69D7_1CF7)
        #expect(BlockHash.hash(markup.prefix(45)) == 0x6304_B7BF_5B9D_82C6, "a length ending mid-word")
    }
}

@Suite struct HeldBlockTests {
    @Test func aBlockHeldByAPageTakesTwentyFourBytesAndKeepsItsHashes() {
        #expect(MemoryLayout<HeldBlock>.stride == 24)
        var block = HeldBlock(own: 0, valueFree: 7, inner: .max)
        #expect(block.own == 0 && block.valueFree == 7 && block.inner == .max)
        block.valueFree = nil
        #expect(block.valueFree == nil && block.inner == .max)
        #expect(HeldBlock(own: 1, inner: 0).inner == nil, "0 reads as unknown: the block goes whole")
    }
}
