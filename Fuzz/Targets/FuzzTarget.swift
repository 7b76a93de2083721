/// The fuzz targets (see Fuzz/README.md): each takes whatever bytes libFuzzer makes up and must
/// neither crash nor break the invariant it checks (a broken one traps, which libFuzzer reports).
///
/// Shared by the libFuzzer binaries (`make fuzz`) and by `FuzzCorpusTests`, which runs every
/// committed corpus input through its target once in `swift test`.
enum FuzzTarget: String, CaseIterable, Sendable {
    /// Mustache: lexer, parser and renderer, with partials.
    case mustache
    /// `application/x-www-form-urlencoded` bodies and queries (`FormFields`).
    case form
    /// The JSON parser, its serializer, and session options read from JSON.
    case json
    /// A sequence of engine events on one card session.
    case session
    /// A request head as the app sees it: the framing rules, the target, the headers.
    case head

    /// Runs one input.
    func run(_ input: UnsafeRawBufferPointer) {
        switch self {
        case .mustache: MustacheFuzzing.run(input)
        case .form: FormFuzzing.run(input)
        case .json: JSONFuzzing.run(input)
        case .session: SessionFuzzing.run(input)
        case .head: HeadFuzzing.run(input)
        }
    }
}

/// A fuzzer's bytes read as a sequence of small decisions; past the end every read is 0, so any
/// input is a whole program.
struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    init(_ input: UnsafeRawBufferPointer) {
        bytes = Array(input)[...]
    }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// One of `choices`.
    mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[Int(byte()) % choices.count]
    }

    /// A length byte, then up to `maximum` bytes.
    mutating func chunk(upTo maximum: Int) -> [UInt8] {
        let count = min(Int(byte()) % (maximum + 1), bytes.count)
        defer { bytes = bytes.dropFirst(count) }
        return Array(bytes.prefix(count))
    }
}
