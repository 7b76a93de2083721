/// A postal-code pattern after parsing, before compiling.
indirect enum PatternNode: Sendable, Hashable {
    case empty
    case scalars(ScalarSet)
    case sequence([PatternNode])
    case alternation([PatternNode])
    case repetition(PatternNode, minimum: Int, maximum: Int?)
}

/// Parses the regular-expression subset Google's postal data uses.
///
/// `^`, `$` and `\b` are zero-width: the data only writes them at the edges of a pattern (Bahrain:
/// `(?:^|\b)…(?:$|\b)`), where a match of the whole input makes them always true. Capturing groups
/// are treated as plain groups: we never read what they capture.
struct PatternParser {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0
    private static let maximumDepth = 16
    private static let maximumCount = 64

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    mutating func parseWhole() throws(CountryDataError) -> PatternNode {
        let node = try parseAlternation()
        if let extra = peek() { throw failure("unexpected \"\(extra)\"") }
        return node
    }

    private mutating func parseAlternation() throws(CountryDataError) -> PatternNode {
        var choices = [try parseSequence()]
        while peek() == "|" {
            position += 1
            choices.append(try parseSequence())
        }
        return choices.count == 1 ? choices[0] : .alternation(choices)
    }

    private mutating func parseSequence() throws(CountryDataError) -> PatternNode {
        var parts: [PatternNode] = []
        while let next = peek(), next != "|", next != ")" {
            let atom = try parseAtom()
            parts.append(try parseQuantifier(on: atom))
        }
        return parts.count == 1 ? parts[0] : .sequence(parts)
    }

    private mutating func parseAtom() throws(CountryDataError) -> PatternNode {
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case "(":
            return try parseGroup()
        case "[":
            return .scalars(try parseClass())
        case "\\":
            return try parseEscape(inClass: false).map(PatternNode.scalars) ?? .empty
        case "^", "$":
            return .empty
        case "?", "*", "+", "{", "}", "]", ".":
            throw failure("unsupported \"\(scalar)\"")
        default:
            return .scalars(ScalarSet(ranges: [scalar.value...scalar.value]))
        }
    }

    private mutating func parseGroup() throws(CountryDataError) -> PatternNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw failure("groups nested too deeply") }
        if peek() == "?" {
            guard position + 1 < scalars.count, scalars[position + 1] == ":" else {
                throw failure("unsupported group kind")
            }
            position += 2
        }
        let inner = try parseAlternation()
        guard peek() == ")" else { throw failure("unclosed group") }
        position += 1
        return inner
    }

    private mutating func parseClass() throws(CountryDataError) -> ScalarSet {
        var set = ScalarSet(ranges: [])
        if peek() == "^" {
            set.isNegated = true
            position += 1
        }
        while let next = peek(), next != "]" {
            position += 1
            if next == "\\" {
                guard let escaped = try parseEscape(inClass: true) else { continue }
                set.ranges += escaped.ranges
                continue
            }
            if peek() == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                let upper = scalars[position + 1]
                guard upper.value >= next.value else { throw failure("reversed range") }
                set.ranges.append(next.value...upper.value)
                position += 2
            } else {
                set.ranges.append(next.value...next.value)
            }
        }
        guard peek() == "]" else { throw failure("unclosed class") }
        position += 1
        return set
    }

    /// The set an escape stands for, or nil for a zero-width assertion (`\b`).
    private mutating func parseEscape(inClass: Bool) throws(CountryDataError) -> ScalarSet? {
        guard let escaped = peek() else { throw failure("dangling backslash") }
        position += 1
        switch escaped {
        case "d":
            return .digits
        case "b" where !inClass:
            return nil
        case _ where escaped.properties.isAlphabetic || escaped.properties.numericType != nil:
            throw failure("unsupported escape \\\(escaped)")
        default:
            return ScalarSet(ranges: [escaped.value...escaped.value])
        }
    }

    private mutating func parseQuantifier(on atom: PatternNode) throws(CountryDataError) -> PatternNode {
        switch peek() {
        case "?":
            position += 1
            return .repetition(atom, minimum: 0, maximum: 1)
        case "*":
            position += 1
            return .repetition(atom, minimum: 0, maximum: nil)
        case "+":
            position += 1
            return .repetition(atom, minimum: 1, maximum: nil)
        case "{":
            position += 1
            let minimum = try parseCount()
            var maximum: Int? = minimum
            if peek() == "," {
                position += 1
                maximum = peek() == "}" ? nil : try parseCount()
            }
            guard peek() == "}" else { throw failure("unclosed count") }
            position += 1
            if let maximum, maximum < minimum { throw failure("reversed count") }
            return .repetition(atom, minimum: minimum, maximum: maximum)
        default:
            return atom
        }
    }

    private mutating func parseCount() throws(CountryDataError) -> Int {
        var value = 0
        var digits = 0
        while let next = peek(), let digit = next.properties.numericType != nil ? Int(String(next)) : nil {
            value = value * 10 + digit
            digits += 1
            position += 1
            guard value <= Self.maximumCount else { throw failure("count too large") }
        }
        guard digits > 0 else { throw failure("missing count") }
        return value
    }

    private func peek() -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private func failure(_ what: String) -> CountryDataError {
        CountryDataError(
            code: "invalid-pattern",
            message: "postal pattern \(String(String.UnicodeScalarView(scalars))): \(what) at \(position)"
        )
    }
}
