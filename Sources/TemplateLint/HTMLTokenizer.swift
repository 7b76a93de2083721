/// A small HTML tokenizer fed one byte at a time, after the HTML standard's tokenizer states but
/// only as far as the linter needs: where a byte falls (text, a tag, a quoted or unquoted attribute
/// value, a comment, a script or style body) and, for complete markup, each start tag with its
/// attributes.
///
/// The linter feeds it a template's text nodes in order, so that a Mustache tag between them is
/// judged by the HTML context it lands in (what Go's html/template does when it compiles), and feeds
/// it rendered HTML to find the elements scripts and assistive tech rely on.
struct HTMLTokenizer: Sendable, Equatable {
    enum State: Sendable, Equatable {
        case data
        /// After `<`.
        case tagOpen
        /// After `</`.
        case endTagOpen
        case tagName
        case beforeAttributeName
        case attributeName
        case afterAttributeName
        /// After `=`, before the value's first character.
        case beforeAttributeValue
        /// Inside a value quoted with `"` or `'`.
        case quotedAttributeValue(UInt8)
        case unquotedAttributeValue
        /// After `<!`, with the number of `-` seen (two start a comment).
        case markupDeclaration(Int)
        /// Inside `<!-- … -->`, with the number of `-` just seen.
        case comment(Int)
        /// `<!doctype …>`, `<?…>` and other markup that ends at the next `>`.
        case bogusComment
        /// The body of `<script>` or `<style>`, up to its end tag.
        case rawText
    }

    /// An attribute as written, name lower-cased.
    struct Attribute: Sendable, Equatable {
        var name: String
        var value: String
    }

    /// A complete start tag.
    struct StartTag: Sendable, Equatable {
        /// Lower-cased.
        var name: String
        var attributes: [Attribute]
        /// Where its `<` is in what was fed.
        var offset: Int

        /// The value of attribute `name` (lower-case), if the tag has it.
        func value(of name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }
    }

    private(set) var state: State = .data
    /// The tag being read, lower-cased; after `<script>` or `<style>`, that element's name.
    private(set) var tagName: [UInt8] = []
    private(set) var isEndTag = false
    /// The attribute being read (or whose value is being read), lower-cased.
    private(set) var attributeName: [UInt8] = []
    private var attributeValue: [UInt8] = []
    private var attributes: [Attribute] = []
    private var tagOffset = 0
    /// How much of `</name` has been matched inside a script or style body.
    private var endTagMatched = 0

    /// The element whose body is raw text (script, style), when `state` is `.rawText`.
    var rawTextElement: String? {
        state == .rawText ? String(decoding: tagName, as: UTF8.self) : nil
    }

    /// Consumes one byte found at `offset`; returns the start tag this byte completes, if any.
    mutating func consume(_ byte: UInt8, at offset: Int) -> StartTag? {
        switch state {
        case .data:
            if byte == UInt8(ascii: "<") {
                state = .tagOpen
                tagOffset = offset
            }
        case .tagOpen, .endTagOpen:
            consumeTagOpen(byte, at: offset)
        case .tagName:
            if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
                state = .beforeAttributeName
            } else if byte == UInt8(ascii: ">") {
                return endTag()
            } else {
                tagName.append(Self.lowercased(byte))
            }
        case .beforeAttributeName, .afterAttributeName, .attributeName, .beforeAttributeValue:
            return consumeInTag(byte)
        case .quotedAttributeValue(let quote):
            if byte == quote {
                commitAttribute()
                state = .beforeAttributeName
            } else {
                attributeValue.append(byte)
            }
        case .unquotedAttributeValue:
            if Self.isSpace(byte) {
                commitAttribute()
                state = .beforeAttributeName
            } else if byte == UInt8(ascii: ">") {
                commitAttribute()
                return endTag()
            } else {
                attributeValue.append(byte)
            }
        case .markupDeclaration, .comment, .bogusComment:
            consumeComment(byte)
        case .rawText:
            consumeRawText(byte, at: offset)
        }
        return nil
    }

    /// Consumes every byte of `text`, the first at `offset`; returns the start tags completed.
    @discardableResult
    mutating func consume(_ text: some Sequence<UInt8>, from offset: Int = 0) -> [StartTag] {
        var tags: [StartTag] = []
        var position = offset
        for byte in text {
            if let tag = consume(byte, at: position) { tags.append(tag) }
            position += 1
        }
        return tags
    }

    // MARK: - Tags

    /// After `<` or `</`: a letter starts a tag name; `<!` and `<?` start markup that is not an element.
    private mutating func consumeTagOpen(_ byte: UInt8, at offset: Int) {
        let isEnd = state == .endTagOpen
        if Self.isLetter(byte) {
            beginTag(byte, isEnd: isEnd)
        } else if isEnd {
            state = byte == UInt8(ascii: ">") ? .data : .bogusComment
        } else if byte == UInt8(ascii: "/") {
            state = .endTagOpen
        } else if byte == UInt8(ascii: "!") {
            state = .markupDeclaration(0)
        } else if byte == UInt8(ascii: "?") {
            state = .bogusComment
        } else {
            // A `<` that starts no tag is text (and a second `<` may start one).
            state = byte == UInt8(ascii: "<") ? .tagOpen : .data
            tagOffset = offset
        }
    }

    /// `<!-- … -->` ends at `-->`; `<!doctype …>` and `<?…>` at the next `>`.
    private mutating func consumeComment(_ byte: UInt8) {
        switch state {
        case .markupDeclaration(let dashes):
            if byte == UInt8(ascii: "-") {
                state = dashes == 1 ? .comment(0) : .markupDeclaration(1)
            } else {
                state = byte == UInt8(ascii: ">") && dashes == 0 ? .data : .bogusComment
            }
        case .comment(let dashes):
            if byte == UInt8(ascii: "-") {
                state = .comment(min(dashes + 1, 2))
            } else {
                state = byte == UInt8(ascii: ">") && dashes == 2 ? .data : .comment(0)
            }
        default:
            if byte == UInt8(ascii: ">") { state = .data }
        }
    }

    private mutating func beginTag(_ byte: UInt8, isEnd: Bool) {
        state = .tagName
        isEndTag = isEnd
        tagName = [Self.lowercased(byte)]
        attributes = []
        attributeName = []
        attributeValue = []
    }

    private mutating func consumeInTag(_ byte: UInt8) -> StartTag? {
        if Self.isSpace(byte) {
            switch state {
            case .attributeName: state = .afterAttributeName
            default: break
            }
            return nil
        }
        if byte == UInt8(ascii: ">") {
            if state == .attributeName || state == .afterAttributeName || state == .beforeAttributeValue {
                commitAttribute()
            }
            return endTag()
        }
        switch state {
        case .beforeAttributeValue:
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                state = .quotedAttributeValue(byte)
            } else {
                state = .unquotedAttributeValue
                attributeValue = [byte]
            }
        case .attributeName where byte == UInt8(ascii: "="), .afterAttributeName where byte == UInt8(ascii: "="):
            state = .beforeAttributeValue
        case .attributeName where byte == UInt8(ascii: "/"):
            commitAttribute()
            state = .beforeAttributeName
        case .attributeName:
            attributeName.append(Self.lowercased(byte))
        case .afterAttributeName:
            commitAttribute()
            startAttribute(byte)
        default:
            if byte != UInt8(ascii: "/") { startAttribute(byte) }
        }
        return nil
    }

    private mutating func startAttribute(_ byte: UInt8) {
        state = .attributeName
        attributeName = [Self.lowercased(byte)]
        attributeValue = []
    }

    private mutating func commitAttribute() {
        guard !attributeName.isEmpty else { return }
        attributes.append(Attribute(
            name: String(decoding: attributeName, as: UTF8.self),
            value: String(decoding: attributeValue, as: UTF8.self)))
        attributeName = []
        attributeValue = []
    }

    /// The `>` of a tag: a start tag is returned; script and style bodies are raw text after it.
    private mutating func endTag() -> StartTag? {
        defer { attributes = [] }
        guard !isEndTag else {
            state = .data
            return nil
        }
        let name = String(decoding: tagName, as: UTF8.self)
        state = Self.rawTextElements.contains(name) ? .rawText : .data
        endTagMatched = 0
        return StartTag(name: name, attributes: attributes, offset: tagOffset)
    }

    /// Looks for `</script` (or `</style`) in a raw-text body; the end tag then reads as any tag.
    private mutating func consumeRawText(_ byte: UInt8, at offset: Int) {
        let expected: UInt8 = switch endTagMatched {
        case 0: UInt8(ascii: "<")
        case 1: UInt8(ascii: "/")
        default: tagName[endTagMatched - 2]
        }
        guard Self.lowercased(byte) == expected else {
            endTagMatched = byte == UInt8(ascii: "<") ? 1 : 0
            if endTagMatched == 1 { tagOffset = offset }
            return
        }
        if endTagMatched == 0 { tagOffset = offset }
        endTagMatched += 1
        if endTagMatched == tagName.count + 2 {
            state = .tagName
            isEndTag = true
            endTagMatched = 0
        }
    }

    // MARK: - Bytes

    static let rawTextElements: Set<String> = ["script", "style"]

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
