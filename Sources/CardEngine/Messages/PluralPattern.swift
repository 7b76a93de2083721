/// A message that depends on a count, written in ICU's plural syntax so that every language keeps
/// one key with the forms it needs:
/// `{count, plural, one {# field needs attention} other {# fields need attention}}`.
///
/// Selectors are CLDR categories (`zero one two few many other`; `other` is required) or exact
/// counts (`=0`), which win over categories. In a branch, `#` and `{count}` stand for the count,
/// and other `{name}` placeholders are filled like any message's. Not supported: `offset:`,
/// apostrophe quoting, text outside the braces.
public struct PluralPattern: Hashable, Sendable {
    /// The parameter the count is read from (`count`).
    public var argument: String
    /// The message of each category the pattern gives.
    public var branches: [PluralCategory: String]
    /// Messages for exact counts (`=0 {…}`).
    public var exact: [Int: String]

    /// Reads a pattern; the error's code is `invalid-plural`.
    public init(parsing text: String) throws(CatalogError) {
        var scanner = PatternScanner(Array(text))
        try scanner.expect("{")
        argument = try scanner.identifier()
        try scanner.expect(",")
        guard try scanner.identifier() == "plural" else { throw scanner.failure("expected 'plural' after the argument") }
        try scanner.expect(",")
        branches = [:]
        exact = [:]
        while !scanner.consume("}") {
            let selector = try scanner.selector()
            let message = try scanner.braced()
            if selector.hasPrefix("=") {
                guard let count = Int(selector.dropFirst()), exact.updateValue(message, forKey: count) == nil else {
                    throw scanner.failure("'\(selector)' is not a count, or is given twice")
                }
            } else {
                guard let category = PluralCategory(rawValue: selector) else {
                    throw scanner.failure("'\(selector)' is not a plural category (zero, one, two, few, many, other)")
                }
                guard branches.updateValue(message, forKey: category) == nil else {
                    throw scanner.failure("'\(selector)' is given twice")
                }
            }
        }
        guard scanner.isAtEnd else { throw scanner.failure("text after the closing brace") }
        guard branches[.other] != nil else { throw scanner.failure("a plural pattern needs an 'other' branch") }
    }

    /// Whether `text` is written as a plural pattern (`{name, plural, …`), well formed or not.
    public static func looksLikePattern(_ text: String) -> Bool {
        // Most strings are not patterns: decided from their first visible character alone.
        guard text.first(where: { !$0.isWhitespace }) == "{" else { return false }
        var scanner = PatternScanner(Array(text))
        guard (try? scanner.expect("{")) != nil, (try? scanner.identifier()) != nil, scanner.consume(",") else { return false }
        return (try? scanner.identifier()) == "plural"
    }

    /// The branch for `count`: its exact match, else its category's, else `other`. Placeholders
    /// and `#` are left as written.
    public func message(for count: Int, rules: PluralRules) -> String {
        exact[count] ?? branches[rules.category(for: count)] ?? branches[.other] ?? ""
    }

    /// `{name}` placeholders the branches use, the argument among them.
    public var placeholders: Set<String> {
        var names: Set<String> = [argument]
        for message in Array(branches.values) + Array(exact.values) {
            names.formUnion(MessageCatalog.placeholders(inPlainText: message))
        }
        return names
    }
}

/// Reads a pattern character by character; whitespace between tokens is skipped.
private struct PatternScanner {
    let characters: [Character]
    var index = 0

    init(_ characters: [Character]) { self.characters = characters }

    var isAtEnd: Bool {
        mutating get {
            skipSpaces()
            return index == characters.count
        }
    }

    func failure(_ message: String) -> CatalogError {
        CatalogError(code: "invalid-plural", key: nil, message: "\(message) (at character \(index))")
    }

    mutating func skipSpaces() {
        while index < characters.count, characters[index].isWhitespace { index += 1 }
    }

    mutating func consume(_ character: Character) -> Bool {
        skipSpaces()
        guard index < characters.count, characters[index] == character else { return false }
        index += 1
        return true
    }

    mutating func expect(_ character: Character) throws(CatalogError) {
        guard consume(character) else { throw failure("expected '\(character)'") }
    }

    /// A name: letters, digits, `_`.
    mutating func identifier() throws(CatalogError) -> String {
        skipSpaces()
        let start = index
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" {
            index += 1
        }
        guard index > start else { throw failure("expected a name") }
        return String(characters[start..<index])
    }

    /// `one`, `other`, `=0`.
    mutating func selector() throws(CatalogError) -> String {
        skipSpaces()
        guard index < characters.count else { throw failure("expected a selector or '}'") }
        if characters[index] == "=" {
            index += 1
            let start = index
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
            return "=" + String(characters[start..<index])
        }
        return try identifier()
    }

    /// `{…}` with balanced braces inside; answers what is between the outer ones.
    mutating func braced() throws(CatalogError) -> String {
        try expect("{")
        let start = index
        var depth = 1
        while index < characters.count {
            switch characters[index] {
            case "{": depth += 1
            case "}": depth -= 1
            default: break
            }
            index += 1
            if depth == 0 { return String(characters[start..<(index - 1)]) }
        }
        throw failure("a branch's '{' is never closed")
    }
}
