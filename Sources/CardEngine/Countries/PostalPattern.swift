/// A country's postal-code format, compiled from the regular expression in Google's data into a
/// small automaton that can say both "this is a valid code" and "typing more could still make it
/// one".
///
/// Why not `NSRegularExpression` or `Regex`: neither reports whether the input is a viable prefix
/// of a match, which is what "potentially valid" needs while the shopper types. The patterns in
/// the data use a small subset (literals, `\d`, classes, groups, `|`, `?`, `{n}`, `{n,m}`), so a
/// Thompson automaton of a few dozen states does the job in time linear in the input, with no
/// backtracking to exploit.
struct PostalPattern: Sendable, Hashable {
    /// The regular expression as written in the data.
    let source: String
    let program: [Instruction]

    enum Instruction: Sendable, Hashable {
        /// Consume one scalar in the set, then go on with the next instruction.
        case scalar(ScalarSet)
        /// Go on with both targets (an alternative or an optional part).
        case split(Int, Int)
        case jump(Int)
        case accept
    }

    /// How an input relates to the pattern, always matched against the whole input.
    struct Verdict: Sendable, Hashable {
        /// The whole input matches.
        var matches: Bool
        /// The input is a prefix of some match (true whenever `matches` is).
        var isViablePrefix: Bool
    }

    /// Compiles `source`; throws when it uses syntax outside the supported subset.
    init(_ source: String) throws(CountryDataError) {
        self.source = source
        var parser = PatternParser(source)
        let node = try parser.parseWhole()
        var compiler = PatternCompiler()
        compiler.emit(node)
        compiler.program.append(.accept)
        guard compiler.program.count <= PatternCompiler.maximumProgram else {
            throw CountryDataError(code: "pattern-too-large", message: "pattern \(source) is too large")
        }
        program = compiler.program
    }

    /// Runs the automaton over `input` (already trimmed and, where the country wants it,
    /// upper-cased).
    func evaluate(_ input: some StringProtocol) -> Verdict {
        var states = StateSets(count: program.count)
        follow(from: 0, into: &states)
        for scalar in input.unicodeScalars {
            states.advance()
            for state in states.previous {
                if case .scalar(let set) = program[state], set.contains(scalar) {
                    follow(from: state + 1, into: &states)
                }
            }
            if states.current.isEmpty { return Verdict(matches: false, isViablePrefix: false) }
        }
        let matches = states.current.contains { program[$0] == .accept }
        return Verdict(matches: matches, isViablePrefix: true)
    }

    /// Adds `start` and every state reachable from it without consuming input. An explicit stack
    /// rather than recursion: the depth is the pattern's, and data is not ours to trust blindly.
    private func follow(from start: Int, into states: inout StateSets) {
        var pending = [start]
        while let state = pending.popLast() {
            guard states.insert(state) else { continue }
            switch program[state] {
            case .split(let first, let second):
                pending.append(second)
                pending.append(first)
            case .jump(let target):
                pending.append(target)
            case .scalar, .accept:
                break
            }
        }
    }
}

/// A set of Unicode scalars given as ranges (a class such as `[ABD-HJ]`, or one literal).
struct ScalarSet: Sendable, Hashable {
    var ranges: [ClosedRange<UInt32>]
    var isNegated = false

    static let digits = ScalarSet(ranges: [48...57])

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        ranges.contains { $0.contains(scalar.value) } != isNegated
    }
}

/// The automaton's live states before and after the scalar being read. Buffers are reused from
/// one scalar to the next; a state's mark is the step it was last added in, so nothing is cleared.
private struct StateSets {
    var current: [Int] = []
    var previous: [Int] = []
    private var marks: [Int]
    private var step = 0

    init(count: Int) {
        marks = Array(repeating: -1, count: count)
        current.reserveCapacity(count)
        previous.reserveCapacity(count)
    }

    /// Starts the next step: what was current becomes previous, and current starts empty.
    mutating func advance() {
        swap(&current, &previous)
        current.removeAll(keepingCapacity: true)
        step += 1
    }

    /// Inserts `state` into the current step; false when it was already there.
    mutating func insert(_ state: Int) -> Bool {
        if marks[state] == step { return false }
        marks[state] = step
        current.append(state)
        return true
    }
}

/// Turns a parsed pattern into automaton instructions (Thompson's construction).
private struct PatternCompiler {
    /// Bounded so that a `{n,m}` with large counts in a future data file cannot blow up memory.
    static let maximumProgram = 4096
    var program: [PostalPattern.Instruction] = []

    mutating func emit(_ node: PatternNode) {
        guard program.count <= Self.maximumProgram else { return }
        switch node {
        case .empty:
            break
        case .scalars(let set):
            program.append(.scalar(set))
        case .sequence(let parts):
            for part in parts { emit(part) }
        case .alternation(let choices):
            emitAlternation(choices[...])
        case .repetition(let body, let minimum, let maximum):
            emitRepetition(body, minimum: minimum, maximum: maximum)
        }
    }

    private mutating func emitAlternation(_ choices: ArraySlice<PatternNode>) {
        guard let first = choices.first else { return }
        guard choices.count > 1 else { return emit(first) }
        let split = program.count
        program.append(.split(split + 1, -1))
        emit(first)
        let jump = program.count
        program.append(.jump(-1))
        program[split] = .split(split + 1, program.count)
        emitAlternation(choices.dropFirst())
        program[jump] = .jump(program.count)
    }

    private mutating func emitRepetition(_ body: PatternNode, minimum: Int, maximum: Int?) {
        for _ in 0..<minimum { emit(body) }
        guard let maximum else {
            // body*: split(body, out); body; jump back to the split.
            let split = program.count
            program.append(.split(split + 1, -1))
            emit(body)
            program.append(.jump(split))
            program[split] = .split(split + 1, program.count)
            return
        }
        // Each optional copy may be skipped straight to the end: (body(body)?)?
        var splits: [Int] = []
        for _ in minimum..<max(minimum, maximum) {
            splits.append(program.count)
            program.append(.split(program.count + 1, -1))
            emit(body)
        }
        for split in splits { program[split] = .split(split + 1, program.count) }
    }
}
