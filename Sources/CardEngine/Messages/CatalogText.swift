/// A catalog string read once, when its catalog is built, so that filling it (every keystroke that
/// shows an error or an announcement does) scans nothing: whether it is a plural pattern, already
/// parsed, and where each `{name}` it may fill sits.
///
/// Filling follows the catalog's rule exactly: each `{` that has a `}` after it names what lies
/// between them; when the parameters have that name, the braces and the name are replaced by its
/// value and reading goes on after the `}`; otherwise the `{` stays as written and reading goes on
/// right after it (so `{a{b}` fills `{b}`). Braces are found as Characters when the string is read,
/// as the catalog always did; filling then only copies between the places found.
struct CatalogText: Hashable, Sendable {
    let text: String
    /// The parsed pattern when `text` is a well-formed plural pattern (`MessageCatalog.fill`).
    let pattern: PluralPattern?
    /// Every `{` with a `}` somewhere after it, in order.
    let slots: [Slot]

    /// One `{name}` that may be filled: where its `{` is, where its name lies (up to the first `}`
    /// after it), and where that `}` ends. The name is kept as a range, not a string: the names of
    /// `{`s that share a `}` overlap (`{{{a}`), and a string each would cost memory quadratic in
    /// such a run of braces, for every catalog a designer's 1 MiB locale file is laid into.
    struct Slot: Hashable, Sendable {
        let open: String.Index
        let name: Range<String.Index>
        let end: String.Index
    }

    init(_ text: String) {
        self.text = text
        // Most strings have no brace at all: a `{` Character holds a `{` byte, so without one there
        // is neither a pattern nor a slot, and the Characters need not be found (every catalog
        // reads all its strings at start-up and on each `--dev` reload).
        guard text.utf8.contains(UInt8(ascii: "{")) else {
            pattern = nil
            slots = []
            return
        }
        pattern = PluralPattern.looksLikePattern(text) ? try? PluralPattern(parsing: text) : nil
        // One pass: each `}` closes every `{` still open before it, so a run of braces costs no
        // more than its length. A `{` with no `}` after it is left open and is no slot.
        var slots: [Slot] = []
        var open: [String.Index] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            switch text[index] {
            case "{": open.append(index)
            case "}":
                for brace in open { slots.append(Slot(open: brace, name: text.index(after: brace)..<index, end: next)) }
                open.removeAll(keepingCapacity: true)
            default: break
            }
            index = next
        }
        self.slots = slots
    }

    /// The text with each slot whose name `parameters` has replaced by its value; the others, and
    /// a plural pattern's syntax, left as written.
    func interpolated(_ parameters: [String: String]) -> String {
        guard !parameters.isEmpty, !slots.isEmpty else { return text }
        var output = ""
        var copied = text.startIndex
        // A slot inside one already filled (it opened before the `}` that ended it) is not read.
        for slot in slots where slot.open >= copied {
            guard let value = parameters[String(text[slot.name])] else { continue }
            output += text[copied..<slot.open]
            output += value
            copied = slot.end
        }
        guard copied > text.startIndex else { return text }
        output += text[copied...]
        return output
    }

    /// The string to show (`MessageCatalog.fill`): a plural pattern's branch for `count` (else for
    /// its argument's value in `parameters` when that is a whole number; else `other`), with `#`
    /// shown as that value; then placeholders filled. A plain string given a count also fills
    /// `{count}` with it, unless `parameters` name a count of their own.
    func filled(_ parameters: [String: String], count: Int?, rules: PluralRules) -> String {
        guard let pattern else {
            guard let count, !slots.isEmpty else { return interpolated(parameters) }
            return interpolated(parameters.merging(["count": String(count)]) { given, _ in given })
        }
        var values = parameters
        let number = count ?? values[pattern.argument].flatMap { Int($0) }
        let shown = values[pattern.argument] ?? number.map(String.init) ?? "#"
        values[pattern.argument] = shown
        let branch = number.map { pattern.message(for: $0, rules: rules) } ?? pattern.branches[.other] ?? ""
        return CatalogText(branch.replacing("#", with: shown)).interpolated(values)
    }
}
