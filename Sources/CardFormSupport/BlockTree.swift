/// The blocks of a rendered form: every element carrying `data-cf-block`, with its extent and nesting.
///
/// The server renders the whole `form` template and cuts the output into blocks here, rather than
/// knowing which template makes which block, so that a designer's recomposed slots, nested blocks
/// and blocks that appear or disappear all work without any declaration: the HTML is the single
/// source of truth. (An event whose changes reach only blocks that a partial renders alone renders
/// those partials alone: `BlockPlan`.) The scan is a small tag tokenizer (comments, raw-text elements, void
/// elements, quoted attributes), not a full HTML parser: it only has to balance the elements our
/// templates and a designer's well-formed markup produce.
public struct BlockTree: Sendable {
    public struct Block: Equatable, Sendable {
        /// The `data-cf-block` value; a repeated name gets `#2`, `#3`… so keys stay unique.
        public var key: String
        /// Byte offsets of the whole element (start tag to end tag inclusive) in `html`.
        public var range: Range<Int>
        public var parent: Int?
        /// No default value here: with one, `init` built the block in a temporary, then copied and
        /// destroyed it (a retain and a release each of `key` and `children`, on every leaf a
        /// keystroke renders); the initializer's own default does the same job without it.
        public var children: [Int]
        /// Where the block's start tag ends (after its `>`), when the scan found the block: what
        /// `BlockTree.startTagEnd` gives, without reading the tag again.
        public var tagEnd: Int?

        /// The key of the `occurrence`th block named `name` in a form (from 1): the name itself,
        /// then `name#2`, `name#3`… The one spelling of that rule, for whoever looks a repeat up.
        public static func key(_ name: String, occurrence: Int) -> String {
            occurrence == 1 ? name : "\(name)#\(occurrence)"
        }

        public init(key: String, range: Range<Int>, parent: Int?, children: [Int] = [], tagEnd: Int? = nil) {
            self.key = key
            self.range = range
            self.parent = parent
            self.children = children
            self.tagEnd = tagEnd
        }
    }

    public let html: [UInt8]
    public let blocks: [Block]

    public init(html: String) {
        self.init(bytes: Array(html.utf8))
    }

    /// Blocks already found in `bytes` (leaves rendered one by one, put side by side): no scan.
    public init(bytes: [UInt8], blocks: [Block]) {
        self.html = bytes
        self.blocks = blocks
    }

    /// The blocks of UTF-8 markup (a render straight from `TemplateLibrary.render(_:data:into:)`).
    public init(bytes: [UInt8]) {
        self.html = bytes
        self.blocks = Self.blocks(in: bytes, from: 0)
    }

    /// The blocks of `html` from `start` on (what one leaf appended to a buffer of several), with
    /// ranges in all of `html`.
    public static func blocks(in html: [UInt8], from start: Int) -> [Block] {
        html.withUnsafeBufferPointer { BlockScanner(html: $0, start: start).scan() }
    }

    /// Where the start tag at `range`'s beginning (a `<` and a letter) ends, after its `>`, as the
    /// scan reads it: quotes count only around an attribute's value, as a browser reads them.
    /// Within `range`.
    public static func startTagEnd(_ html: [UInt8], _ range: Range<Int>) -> Int {
        min(html.withUnsafeBufferPointer { BlockScanner(html: $0, start: range.lowerBound).startTagEnd(at: range.lowerBound) }, range.upperBound)
    }

    /// Where block `index`'s start tag ends (`startTagEnd`).
    public func tagEnd(of index: Int) -> Int {
        blocks[index].tagEnd ?? Self.startTagEnd(html, blocks[index].range)
    }

    /// The HTML of block `index`, as text.
    public func text(of index: Int) -> String {
        String(decoding: html[blocks[index].range], as: UTF8.self)
    }

    /// A hash of the block's own markup: its bytes with each child block replaced by the child's key.
    /// Two renders of a block compare equal here exactly when only its children (if anything) changed.
    public func ownHash(of index: Int) -> UInt64 {
        var hasher = BlockHash()
        var cursor = blocks[index].range.lowerBound
        for child in blocks[index].children {
            let childRange = blocks[child].range
            hasher.combine(html[cursor..<childRange.lowerBound])
            hasher.combine(0)
            hasher.combine(blocks[child].key)
            hasher.combine(0)
            cursor = childRange.upperBound
        }
        hasher.combine(html[cursor..<blocks[index].range.upperBound])
        return hasher.value
    }

    /// Every block's own hash, in the order of `blocks`.
    public func ownHashes() -> [UInt64] {
        blocks.indices.map(ownHash)
    }

    /// Whether block `index` holds all of the markup but the blanks around it: what a block
    /// template must render, since markup outside its root would belong to whatever block holds
    /// it on the page.
    public func wrapsEverything(_ index: Int) -> Bool {
        Self.wraps(blocks[index].range, everythingIn: html[...])
    }

    /// Whether `range` holds all of `html` but the blanks around it (`html` a slice: what one
    /// leaf appended to a buffer of several, `FormRenderer.leafFragments`).
    public static func wraps(_ range: Range<Int>, everythingIn html: ArraySlice<UInt8>) -> Bool {
        html[..<range.lowerBound].allSatisfy(isBlank) && html[range.upperBound...].allSatisfy(isBlank)
    }

    /// HTML's ASCII whitespace.
    public static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    /// The index of the block with `key`, if any.
    public func index(of key: String) -> Int? {
        blocks.firstIndex { $0.key == key }
    }

    /// Whether `index` is `ancestor` or lies inside it.
    public func isWithin(_ index: Int, _ ancestor: Int) -> Bool {
        var current: Int? = index
        while let value = current {
            if value == ancestor { return true }
            current = blocks[value].parent
        }
        return false
    }
}
