import CardFormSupport

/// What `FragmentDiff` would hash and search in a kept block, worked out once when the entry is
/// cut: a keystroke then hashes only what follows the value, and neither searches for the value
/// nor hashes the block again with it left out (the block's hashes with it left out are the same
/// whatever the value).
extension BlockMemo {
    struct EntryHashes: Sendable {
        /// `BlockHash` over the block's bytes before its first stand-in (all of them when none):
        /// the own hash goes on from here with each value.
        let prefix: BlockHash
        /// What holds whatever the value, with places counted from the block's start: the start
        /// tag's end, unless a stand-in lies in it (the end then moves with the value); the inner
        /// hash, for an entry without a stand-in; and `filled`, with an empty value and text
        /// where the value goes, for an entry whose one stand-in is the text of the block's first
        /// `value="…"`. Since a value filled in holds no `"` and nothing escaping changes, that
        /// text is also where `FragmentDiff.valueText` finds any value filled in.
        let fixed: KnownHashes

        /// For an entry that renders nothing (`Entry.rendersNothing`): there is no block to hash,
        /// and these are never asked for (`known(filledWith:at:)` asserts it).
        static let none = EntryHashes(prefix: BlockHash(), fixed: KnownHashes(own: 0, tagEnd: nil, inner: nil))

        private init(prefix: BlockHash, fixed: KnownHashes) {
            self.prefix = prefix
            self.fixed = fixed
        }

        /// The hashes of `html` (rendered with the stand-in, which starts at `standIns`), whose
        /// block spans `block`.
        init(_ html: [UInt8], block: Range<Int>, standIns: [Int]) {
            let standInCount = BlockMemo.standIn.utf8.count
            var prefix = BlockHash()
            prefix.combine(html[block.lowerBound..<(standIns.first ?? block.upperBound)])
            self.prefix = prefix
            let tagEnd = FragmentDiff.startTagEnd(html, block)
            let tagHoldsStandIn = standIns.first.map { $0 < tagEnd } ?? false
            var fixed = KnownHashes(
                own: prefix.value, tagEnd: tagHoldsStandIn ? nil : tagEnd - block.lowerBound,
                inner: standIns.isEmpty ? BlockHash.hash(html[tagEnd..<block.upperBound]) : nil)
            let attribute = Array(#"value=""#.utf8)
            if standIns.count == 1, let at = standIns.first, at + standInCount < block.upperBound,
               html[at + standInCount] == UInt8(ascii: "\""),
               ByteSearch.firstIndex(of: attribute, in: html, block) == at - attribute.count {
                let text = at..<(at + standInCount)
                fixed.filled = KnownHashes.Filled(
                    value: "", text: (at - block.lowerBound)..<(at - block.lowerBound),
                    valueFree: FragmentDiff.hash(block, of: html, leavingOut: text),
                    inner: tagHoldsStandIn ? nil : FragmentDiff.hash(tagEnd..<block.upperBound, of: html, leavingOut: text))
            }
            self.fixed = fixed
        }
    }
}

extension BlockMemo.Entry {
    /// The hashes `FragmentDiff` takes of this entry's block filled with `value` (as `append`
    /// gives it) at `block` in the buffer.
    func known(filledWith value: String, at block: Range<Int>) -> KnownHashes {
        assert(!rendersNothing, "an entry that renders nothing has no block to hash")
        var own = hashes.prefix
        for index in pieces.indices.dropFirst() {
            own.combine(value)
            let piece = pieces[index]
            own.combine(index == pieces.count - 1 ? piece[..<(piece.count - trailing)] : piece[...])
        }
        // Built member by member, `hashes.fixed` read in place: a copy of it, and one of its
        // `filled` to amend, each retained and released a string (~3 a keystroke).
        var known = KnownHashes(own: own.value, tagEnd: hashes.fixed.tagEnd.map { block.lowerBound + $0 }, inner: hashes.fixed.inner)
        if !value.isEmpty, let text = hashes.fixed.filled?.text, let valueFree = hashes.fixed.filled?.valueFree {
            let start = block.lowerBound + text.lowerBound
            known.filled = KnownHashes.Filled(
                value: value, text: start..<(start + value.utf8.count), valueFree: valueFree, inner: hashes.fixed.filled?.inner)
        }
        return known
    }
}
