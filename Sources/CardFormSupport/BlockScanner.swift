#if canImport(Glibc)
import Glibc
#endif

/// The scan behind `BlockTree`: a small tag tokenizer over the markup's bytes (read through a
/// buffer pointer: this runs on every keystroke).
struct BlockScanner {
    typealias Block = BlockTree.Block

    let html: UnsafeBufferPointer<UInt8>
    let start: Int
    var blocks: [Block] = []

    init(html: UnsafeBufferPointer<UInt8>, start: Int) {
        self.html = html
        self.start = start
    }

    private struct OpenElement {
        /// The tag name as `tagName` gives it: comparing numbers, not byte slices, keeps the scan free of
        /// allocations and reference counting.
        var tag: UInt64
        var block: Int?
    }

    consuming func scan() -> [Block] {
        // Room made once: growing these one element at a time cost a tenth of a page's scan.
        // Our templates put a block in every few hundred bytes, and nest a dozen deep at most.
        let expectedBlocks = (html.count - start) / 256 + 4
        var stack: [OpenElement] = []
        stack.reserveCapacity(16)
        var names: [SeenName] = []
        names.reserveCapacity(expectedBlocks)
        blocks.reserveCapacity(expectedBlocks)
        // Read once per scan rather than through the lazy globals at every tag.
        let elements = Self.elements
        var i = start
        let n = html.count
        while i < n {
            // Text between tags is skipped by `memchr` (vectorised in the C library).
            guard let open = find(UInt8(ascii: "<"), from: i) else { break }
            i = open
            guard i + 1 < n else { break }
            let next = html[i + 1]
            if next == UInt8(ascii: "!"), i + 3 < n, html[i + 2] == UInt8(ascii: "-"), html[i + 3] == UInt8(ascii: "-") {
                i = find(Self.commentClose, from: i + 4).map { $0 + 3 } ?? n
            } else if next == UInt8(ascii: "/") {
                let (nameEnd, name) = tagName(from: i + 2)
                // Almost every end tag ends right after its name: no call to look further.
                let close = nameEnd < n && html[nameEnd] == UInt8(ascii: ">")
                    ? nameEnd + 1 : (find(UInt8(ascii: ">"), from: nameEnd) ?? (n - 1)) + 1
                if let match = stack.lastIndex(where: { $0.tag == name }) {
                    // Elements left open inside end where this end tag starts (HTML's implied ends).
                    while stack.count > match + 1 {
                        if let block = stack.removeLast().block { blocks[block].range = blocks[block].range.lowerBound..<i }
                    }
                    if let block = stack.removeLast().block { blocks[block].range = blocks[block].range.lowerBound..<close }
                }
                i = close
            } else if isLetter(next) {
                i = openTag(at: i, stack: &stack, names: &names, elements: elements)
            } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                i = (find(UInt8(ascii: ">"), from: i) ?? (n - 1)) + 1
            } else {
                i += 1
            }
        }
        while let open = stack.popLast() {
            if let block = open.block { blocks[block].range = blocks[block].range.lowerBound..<n }
        }
        listChildren()
        return blocks
    }

    /// Fills each block's `children`, in order, once the scan knows how many each has: a form's
    /// larger blocks grew their lists several times when they were filled child by child.
    /// (The counts live on the stack: a leaf's scan, on every keystroke, allocates nothing here.)
    private mutating func listChildren() {
        guard blocks.count > 1 else { return }
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: blocks.count) { counts in
            counts.initialize(repeating: 0)
            for index in blocks.indices {
                if let parent = blocks[index].parent { counts[parent] += 1 }
            }
            for index in blocks.indices where counts[index] > 0 { blocks[index].children.reserveCapacity(Int(counts[index])) }
        }
        for index in blocks.indices {
            if let parent = blocks[index].parent { blocks[parent].children.append(index) }
        }
    }

    /// Reads one start tag at `start`; returns where scanning continues.
    private mutating func openTag(
        at start: Int, stack: inout [OpenElement], names: inout [SeenName], elements: ElementTables
    ) -> Int {
        let (nameEnd, tag) = tagName(from: start + 1)
        var (end, block, selfClosing) = attributes(from: nameEnd)
        var blockIndex: Int?
        if let value = block {
            let bytes = UnsafeBufferPointer(rebasing: html[value])
            var hasher = FNV1a()
            hasher.combine(bytes)
            let (blockName, hash) = (String(decoding: bytes, as: UTF8.self), hasher.value)
            var count = 1
            if let seen = names.firstIndex(where: { $0.hash == hash && $0.name == blockName }) {
                names[seen].count += 1
                count = names[seen].count
            } else {
                names.append(SeenName(hash: hash, name: blockName, count: 1))
            }
            let parent = stack.last(where: { $0.block != nil })?.block
            blocks.append(Block(key: Block.key(blockName, occurrence: count), range: start..<end, parent: parent, tagEnd: end))
            blockIndex = blocks.count - 1
        }
        if selfClosing || elements.isVoid(tag) { return end }
        if elements.isRawText(tag) {
            // Script, style and textarea bodies are text: skip to their end tag.
            let closing = Array("</".utf8) + html[(start + 1)..<nameEnd].map(lowered)
            while end < html.count, !startsCaseInsensitive(with: closing, at: end) { end += 1 }
            let close = (find(UInt8(ascii: ">"), from: end) ?? (html.count - 1)) + 1
            if let blockIndex { blocks[blockIndex].range = start..<close }
            return close
        }
        stack.append(OpenElement(tag: tag, block: blockIndex))
        return end
    }

    /// Where the start tag at `start` (its `<`) ends: after its `>`, as the scan reads it.
    func startTagEnd(at start: Int) -> Int {
        attributes(from: tagName(from: start + 1).end).end
    }

    /// Scans attributes up to the tag's `>`: returns the index after it, where the `data-cf-block`
    /// value lies and whether the tag closed itself (`/>`). The loop keeps only where the last
    /// `data-cf-block` value starts; its range is read again once at the end: carried as a range
    /// through every attribute, it kept registers busy that the `memchr` call then saved and restored.
    private func attributes(from start: Int) -> (end: Int, block: Range<Int>?, selfClosing: Bool) {
        var i = start
        var blockValue = -1
        let n = html.count
        while i < n {
            let byte = html[i]
            if byte == UInt8(ascii: ">") {
                let block = blockValue < 0 ? nil : attributeValue(at: blockValue).range
                return (i + 1, block, i > start && html[i - 1] == UInt8(ascii: "/"))
            }
            if isSpace(byte) || byte == UInt8(ascii: "/") { i += 1; continue }
            let nameStart = i
            i = Self.attributeNameEnd(in: html, from: i)
            let isBlock = isBlockAttribute(nameStart..<i)
            while i < n, isSpace(html[i]) { i += 1 }
            guard i < n, html[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < n, isSpace(html[i]) { i += 1 }
            if isBlock { blockValue = i }
            i = attributeValue(at: i).next
        }
        return (n, blockValue < 0 ? nil : attributeValue(at: blockValue).range, false)
    }

    /// The attribute value from `start` (just past `=` and blanks): its bytes without quotes, and
    /// where scanning goes on. A quoted value runs to its closing quote (to the end when none); an
    /// unquoted one to a blank or `>`.
    @inline(__always)
    private func attributeValue(at start: Int) -> (range: Range<Int>, next: Int) {
        var i = start
        let n = html.count
        if i < n, html[i] == UInt8(ascii: "\"") || html[i] == UInt8(ascii: "'") {
            let close = find(html[i], from: i + 1) ?? n
            return ((i + 1)..<close, min(close + 1, n))
        }
        while i < n, !isSpace(html[i]), html[i] != UInt8(ascii: ">") { i += 1 }
        return (start..<i, i)
    }

    /// Whether the attribute name at `range` is `data-cf-block` in any case; length first, then
    /// its first 8 bytes and its last 5 as two numbers. Setting bit 5 lowers a letter, and turns
    /// no other byte a name can hold (no blank) into one of the attribute's.
    @inline(__always)
    private func isBlockAttribute(_ range: Range<Int>) -> Bool {
        guard range.count == 13, let base = html.baseAddress else { return false }
        let head = UInt64(littleEndian: UnsafeRawPointer(base + range.lowerBound).loadUnaligned(as: UInt64.self))
        var tail: UInt64 = 0
        for index in 0..<5 { tail |= UInt64(html[range.lowerBound + 8 + index]) << UInt64(8 * index) }
        // "data-cf-" and "block", little-endian.
        return head | 0x2020_2020_2020_2020 == 0x2D66_632D_6174_6164 && tail | 0x20_2020_2020 == 0x6B_636F_6C62
    }

    /// A block name met in this scan: names are few, so a list compared by a hash of their bytes
    /// (then as strings) costs less than hashing each into a dictionary.
    private struct SeenName {
        var hash: UInt64
        var name: String
        var count: Int
    }

    /// HTML's blanks, `=` and `>` as bits of one number (all are below 64): what ends an
    /// attribute's name.
    private static let nameEnds: UInt64 = 0x6000_0001_0000_3600

    static func endsName(_ byte: UInt8) -> Bool {
        byte < 64 && (nameEnds >> UInt64(byte)) & 1 != 0
    }

    /// Where the attribute name from `start` ends: at the first byte `endsName` takes, else at
    /// the end. Read 8 bytes at a time: a word's first byte below `!` or from `<` to `?` is
    /// found in a few operations on the whole word, then checked alone (a control byte, `<` or
    /// `?` does not end a name). Names run a few bytes to a dozen and more (`aria-describedby`),
    /// about 1,400 bytes a page: a word at a time takes a fraction of a byte loop's instructions.
    @inline(__always)
    static func attributeNameEnd(in html: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        let n = html.count
        if let base = html.baseAddress {
            while i + 8 <= n {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                let candidates = belowBang(word) | fromLessToQuestion(word)
                guard candidates != 0 else {
                    i += 8
                    continue
                }
                // The lowest flag is exact in both tests (a borrow only flags bytes above a true
                // one), so this is the word's first candidate.
                i += candidates.trailingZeroBitCount >> 3
                if endsName(base[i]) { return i }
                i += 1
            }
        }
        while i < n, !endsName(html[i]) { i += 1 }
        return i
    }

    private static let lows: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte below 0x21 (blanks and controls), exact up to the first.
    @inline(__always)
    private static func belowBang(_ word: UInt64) -> UInt64 {
        (word &- lows &* 0x21) & ~word & highs
    }

    /// The high bit of each byte from `<` to `?` (so `=` and `>`), exact up to the first: the
    /// bytes that are 0x3F once their two low bits are set.
    @inline(__always)
    private static func fromLessToQuestion(_ word: UInt64) -> UInt64 {
        let zeroed = (word | (lows &* 3)) ^ (lows &* 0x3F)
        return (zeroed &- lows) & ~zeroed & highs
    }

    /// The tag names (`tagName`'s numbers) the scan treats apart. Lists, not sets: a dozen integer
    /// compares cost less than hashing the tag once. Inline arrays, not `Array`s: passing an
    /// `Array` to `openTag` retained and released it at every start tag, two of each a tag.
    struct ElementTables {
        let void: InlineArray<13, UInt64>
        let rawText: InlineArray<4, UInt64>

        func isVoid(_ tag: UInt64) -> Bool {
            for index in void.indices where void[index] == tag { return true }
            return false
        }

        func isRawText(_ tag: UInt64) -> Bool {
            for index in rawText.indices where rawText[index] == tag { return true }
            return false
        }
    }

    private static let elements = ElementTables(
        void: [
            FNV1a.hash("area".utf8), FNV1a.hash("base".utf8), FNV1a.hash("br".utf8), FNV1a.hash("col".utf8),
            FNV1a.hash("embed".utf8), FNV1a.hash("hr".utf8), FNV1a.hash("img".utf8), FNV1a.hash("input".utf8),
            FNV1a.hash("link".utf8), FNV1a.hash("meta".utf8), FNV1a.hash("source".utf8), FNV1a.hash("track".utf8),
            FNV1a.hash("wbr".utf8),
        ],
        rawText: [FNV1a.hash("script".utf8), FNV1a.hash("style".utf8), FNV1a.hash("textarea".utf8), FNV1a.hash("title".utf8)])

    /// Where the tag name from `start` ends (letters, digits, `-`), and the name as a number:
    /// FNV-1a of its bytes in lower case, found in the same pass.
    private func tagName(from start: Int) -> (end: Int, key: UInt64) {
        var hasher = FNV1a()
        var i = start
        while i < html.count, isLetter(html[i]) || (html[i] >= 0x30 && html[i] <= 0x39) || html[i] == UInt8(ascii: "-") {
            hasher.combine(lowered(html[i]))
            i += 1
        }
        return (i, hasher.value)
    }

    private static let commentClose = Array("-->".utf8)

    private func find(_ byte: UInt8, from start: Int) -> Int? {
        guard start < html.count, let base = html.baseAddress, let found = memchr(base + start, Int32(byte), html.count - start) else {
            return nil
        }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + needle.count <= html.count {
            if starts(with: needle, at: i) { return i }
            i += 1
        }
        return nil
    }

    private func starts(with prefix: [UInt8], at index: Int) -> Bool {
        index + prefix.count <= html.count && html[index..<(index + prefix.count)].elementsEqual(prefix)
    }

    private func startsCaseInsensitive(with prefix: [UInt8], at index: Int) -> Bool {
        index + prefix.count <= html.count && html[index..<(index + prefix.count)].elementsEqual(prefix) { lowered($0) == $1 }
    }

    private func lowered(_ byte: UInt8) -> UInt8 { byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }
    private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private func isSpace(_ byte: UInt8) -> Bool { BlockTree.isBlank(byte) }
}
