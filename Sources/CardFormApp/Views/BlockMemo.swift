import CardEngine
import CardFormSupport
import Mustache

/// Field blocks rendered once with a stand-in for the field's value, then filled with each value
/// typed: a keystroke that changes nothing but the value (most keystrokes) costs a lookup and a
/// copy instead of building the field's data, rendering it and scanning the markup. A field shown
/// empty (a card field this page did not enter, the security code) is kept whole, keyed apart.
///
/// The stand-in is random letters between two U+0001 characters: no template text, catalog string
/// or shopper's value holds it. A value is filled in only where the result is certain to be what
/// rendering it would give: it is not empty (so a section over the value renders as it did over
/// the stand-in) and holds none of `& < > " '` (so escaped and raw interpolations agree, and it
/// cannot open or close markup).
///
/// Held in a `BoundedMemo` shared by every session of a thread (most share their language and
/// configuration) and rebuilt with the resources, so an edited template never meets an old render.
enum BlockMemo {
    /// Everything the render read besides the value: the block's template, its field's state,
    /// and the language (for the field's basics and `t`). Only blocks that read nothing but their
    /// field and `t` are kept here (`BlockPlan.Leaf.isMemoizable`).
    struct Key: Hashable, Sendable {
        let site: MemoSite
        let state: FieldState
        /// Whether the entry holds the stand-in, to be filled with the value; false: rendered
        /// with the empty value, kept whole.
        var filled: Bool
        /// Whether the session's configuration shows the field. A field it leaves out is not in
        /// the form's data, so its block renders nothing (blanks only), whatever its state:
        /// kept apart from the renders of the merchants who show it (`Entry.rendersNothing`).
        var shown: Bool

        /// Takes the state over: the memberwise init copied the state built for the key (a retain
        /// per string and list it holds) and destroyed the original, on every lookup.
        init(site: MemoSite, state: consuming FieldState, filled: Bool = true, shown: Bool = true) {
            self.site = site
            self.state = state
            self.filled = filled
            self.shown = shown
        }

        /// Hashes what tells a field's renders apart most (its verdict, error, length and network),
        /// not the whole state: equal keys still hash alike, the few that share a hash are told
        /// apart by `==`, and a keystroke's lookup skips hashing labels, options and network lists,
        /// most of what hashing a `FieldState` costs.
        func hash(into hasher: inout Hasher) {
            hasher.combine(site)
            hasher.combine(filled)
            hasher.combine(state.valid)
            hasher.combine(state.errorCode)
            hasher.combine(state.maxLength)
            switch state.extras {
            case .none: hasher.combine(0)
            case .networks(let available, let shown, _):
                hasher.combine(available.count)
                hasher.combine(shown)
            case .securityCode(_, let length): hasher.combine(length)
            case .countries(let selected): hasher.combine(selected)
            case .subdivisions(_, let selected): hasher.combine(selected)
            case .freeText: hasher.combine(1)
            }
        }
    }

    /// A block's markup cut at each stand-in, and the blanks around the block element.
    ///
    /// By reference: a keystroke hands its entry from the memo through the leaf's render to the
    /// page's kept entry, and a value holding these arrays and hashes would be copied at each.
    final class Entry: Sendable {
        let pieces: [[UInt8]]
        let leading: Int
        let trailing: Int
        let hashes: EntryHashes
        /// Whether the leaf rendered no block, only the blanks `pieces` holds: a field the
        /// merchant's configuration leaves out (`Key.shown`). Kept too, so that a section holding
        /// that field's leaf still renders alone (`FormRenderer.sectionFragments`).
        let rendersNothing: Bool

        /// Cuts `html`, rendered with the stand-in, whose block spans `block`.
        init(cutting html: [UInt8], block: Range<Int>) {
            rendersNothing = false
            let standIn = Array(BlockMemo.standIn.utf8)
            var pieces: [[UInt8]] = []
            var standIns: [Int] = []
            var start = 0
            var index = 0
            while index + standIn.count <= html.count {
                if html[index] == standIn[0], html[index..<(index + standIn.count)].elementsEqual(standIn) {
                    pieces.append(Array(html[start..<index]))
                    standIns.append(index)
                    index += standIn.count
                    start = index
                } else {
                    index += 1
                }
            }
            pieces.append(Array(html[start...]))
            self.pieces = pieces
            leading = block.lowerBound
            trailing = html.count - block.upperBound
            hashes = EntryHashes(html, block: block, standIns: standIns)
        }

        /// For a leaf that rendered nothing but `blanks`: a field the configuration leaves out
        /// (`Key.shown`), rendered without the field as the whole form is, so with no value.
        init(blanks: [UInt8]) {
            pieces = [blanks]
            leading = 0
            trailing = 0
            hashes = .none
            rendersNothing = true
        }

        /// Appends the markup with `value` where the stand-in was; returns the block's range in
        /// `html`. Not for an entry that `rendersNothing`: it has no block (the range would span
        /// its blanks), and its caller appends the blanks alone (`FormRenderer.memoized`).
        func append(filledWith value: String, to html: inout [UInt8]) -> Range<Int> {
            let start = html.count
            for (index, piece) in pieces.enumerated() {
                if index > 0 { html.append(contentsOf: value.utf8) }
                html.append(contentsOf: piece)
            }
            return (start + leading)..<(html.count - trailing)
        }
    }

    static let standIn = "\u{1}" + RandomToken.make128() + "\u{1}"
    /// Entries per thread (`BoundedMemo`): an entry is a block's markup (under a kilobyte for the
    /// shipped blocks) and its key, a field's state, so ~1 MB a thread at most; a form in one
    /// language reaches a few dozen.
    static let capacity = 512

    /// Whether `value` can be filled in for the stand-in (see the type's description).
    static func canFill(_ value: String) -> Bool {
        !value.isEmpty && HTMLEscaping.leavesUnchanged(value)
    }
}
