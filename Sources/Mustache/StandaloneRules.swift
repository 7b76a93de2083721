/// The whitespace pass of the parser: applies the spec's standalone-line and indentation rules to
/// the tokens, line by line.
///
/// - A line holding only whitespace and one non-interpolation tag vanishes (whitespace and line
///   ending); a standalone partial keeps the whitespace as indentation for every line it renders.
/// - A parent's opening and closing tags stand alone as a pair when only whitespace precedes the
///   first on its line and follows the second on its line.
/// - Inside a parent, text is ignored, so a block passed to it (an argument) needs only a clear
///   right side to swallow its line ending, and only a clear left side to drop the whitespace before
///   its closing tag. When its opening tag ends a line, the next line's leading whitespace is the
///   block's intrinsic indentation, removed from the start of each of its lines.
/// - A block outside a parent standing alone as a pair gives the content overriding it an
///   indentation: its intrinsic one if the opening tag ends its line, else the whitespace before it.
struct StandaloneRules {
    private(set) var tokens: [Token]
    private(set) var removed: [Bool]
    /// Indentation of standalone partials, parents and parameter blocks, by opening-tag index.
    private(set) var indentation: [Int: String] = [:]

    private let structure: TagStructure
    private let bytes: [UInt8]
    /// Intrinsic indentations being removed, outermost first, each until its block's closing tag.
    private var outdents: [(prefix: [UInt8], until: Int)] = []
    /// Parent and parameter-block openings waiting for their closing tag to settle the pair.
    private var pendingPairs: [Int: PendingPair] = [:]

    private struct PendingPair {
        var leftClear: Bool
        var leading: [Int]
        var leadingText: String
        var intrinsic: String?
    }

    static func apply(to tokens: [Token], structure: TagStructure, bytes: [UInt8]) -> StandaloneRules {
        var rules = StandaloneRules(tokens: tokens, structure: structure, bytes: bytes)
        var start = 0
        while start < tokens.count {
            var end = start
            while end < tokens.count {
                end += 1
                if tokens[end - 1].kind == .newline { break }
            }
            rules.processLine(start..<end)
            start = end
        }
        return rules
    }

    private init(tokens: [Token], structure: TagStructure, bytes: [UInt8]) {
        self.tokens = tokens
        self.removed = Array(repeating: false, count: tokens.count)
        self.structure = structure
        self.bytes = bytes
    }

    private mutating func processLine(_ line: Range<Int>) {
        outdent(line.lowerBound)
        let tags = line.filter { !removed[$0] && tokens[$0].tagKind != nil }
        let clearances = tags.map { (left: isClear(line.lowerBound..<$0), right: isClear($0 + 1..<line.upperBound)) }
        for (tag, clear) in zip(tags, clearances) {
            applyPairRules(tag, left: clear.left, right: clear.right, line: line)
        }
        if tags.count == 1, clearances[0].left, clearances[0].right, standsAlone(tags[0]) {
            let tag = tags[0]
            if tokens[tag].tagKind == .partial { indentation[tag] = text(of: leading(tag, in: line)) }
            for index in line where index != tag { removed[index] = true }
        }
        while let last = outdents.last, line.contains(last.until) { outdents.removeLast() }
    }

    private mutating func applyPairRules(_ tag: Int, left: Bool, right: Bool, line: Range<Int>) {
        let partner = structure.partners[tag]
        switch structure.roles[tag] {
        case .parentOpen, .parameterOpen:
            let leading = leading(tag, in: line)
            let intrinsic = structure.roles[tag] == .parameterOpen && right ? leadingWhitespace(at: line.upperBound) : nil
            pendingPairs[tag] = PendingPair(leftClear: left, leading: leading, leadingText: text(of: leading), intrinsic: intrinsic)
        case .parentClose:
            guard let pair = pendingPairs.removeValue(forKey: partner), pair.leftClear, right else { return }
            for index in pair.leading { removed[index] = true }
            for index in tag + 1..<line.upperBound { removed[index] = true }
            indentation[partner] = pair.leadingText
        case .parameterClose:
            guard let pair = pendingPairs.removeValue(forKey: partner), pair.leftClear, right else { return }
            indentation[partner] = pair.intrinsic ?? pair.leadingText
        case .argumentOpen:
            guard right else { return }
            for index in tag + 1..<line.upperBound { removed[index] = true }
            let intrinsic = leadingWhitespace(at: line.upperBound)
            if !intrinsic.isEmpty { outdents.append((Array(intrinsic.utf8), partner)) }
        case .argumentClose:
            guard left else { return }
            for index in leading(tag, in: line) { removed[index] = true }
        case .plain, .sectionOpen, .sectionClose:
            return
        }
    }

    /// Tags that vanish with their line when alone on it. Parents and arguments have their own
    /// rules; interpolations never stand alone.
    private func standsAlone(_ tag: Int) -> Bool {
        switch structure.roles[tag] {
        case .sectionOpen, .sectionClose, .parameterOpen, .parameterClose: true
        case .plain: [.partial, .comment, .delimiters].contains(tokens[tag].tagKind)
        default: false
        }
    }

    /// Removes the active intrinsic indentations from the start of the line beginning at `index`.
    private mutating func outdent(_ index: Int) {
        guard !outdents.isEmpty, index < tokens.count, tokens[index].kind == .text else { return }
        for (prefix, _) in outdents {
            let range = tokens[index].range
            guard range.count >= prefix.count, bytes[range.prefix(prefix.count)].elementsEqual(prefix) else { continue }
            tokens[index].range = range.lowerBound + prefix.count..<range.upperBound
            tokens[index].location.column += prefix.count
            tokens[index].location.offset += prefix.count
        }
        if tokens[index].range.isEmpty { removed[index] = true }
    }

    /// The leading whitespace of the line starting at token `index`, as it reads once the active
    /// intrinsic indentations are removed from it.
    private func leadingWhitespace(at index: Int) -> String {
        guard index < tokens.count, tokens[index].kind == .text else { return "" }
        var whitespace = Array(bytes[tokens[index].range].prefix(while: { $0 == 0x20 || $0 == 0x09 }))
        for (prefix, _) in outdents where whitespace.starts(with: prefix) {
            whitespace.removeFirst(prefix.count)
        }
        return String(decoding: whitespace, as: UTF8.self)
    }

    /// Whether the live tokens in `range` are only spaces, tabs and a line ending.
    private func isClear(_ range: Range<Int>) -> Bool {
        range.allSatisfy { index in
            if removed[index] { return true }
            switch tokens[index].kind {
            case .newline: return true
            case .tag: return false
            case .text: return bytes[tokens[index].range].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            }
        }
    }

    /// The live text tokens before `tag` on its line.
    private func leading(_ tag: Int, in line: Range<Int>) -> [Int] {
        (line.lowerBound..<tag).filter { !removed[$0] && tokens[$0].kind == .text }
    }

    private func text(of indices: [Int]) -> String {
        indices.map { String(decoding: bytes[tokens[$0].range], as: UTF8.self) }.joined()
    }
}
