/// A whole library lowered for rendering: every template as a flat run of operations over shared
/// tables, with static partial and parent names already resolved to template numbers.
///
/// The syntax tree stays the public face of a template; this form exists for speed. Operations
/// hold only numbers, so stepping through them costs no reference counting, and all literal text
/// lives in one byte arena, split at line ends so indentation needs no scanning at render time.
struct Program: Sendable {
    /// A run of bytes in `arena`. A negative count means "none" (e.g. no indentation).
    struct Slice: Sendable, Equatable {
        var start: Int32
        var count: Int32
        static let none = Slice(start: 0, count: -1)
        var isNone: Bool { count < 0 }
        var range: Range<Int> { Int(start)..<Int(start) + Int(max(count, 0)) }
    }

    /// A dotted name as a run of `keys`; empty for `.`.
    struct Keys: Sendable, Equatable {
        var start: Int32
        var count: Int32
    }

    /// What a partial or parent tag includes.
    enum Target: Sendable, Equatable {
        /// A template number, or -1 when no template has the name (it renders as nothing).
        case template(Int32)
        case dynamic(Keys)
    }

    struct Inclusion: Sendable {
        var target: Target
        var indentation: Slice
        /// For a parent: its arguments, as indices into `arguments`.
        var arguments: Range<Int32>
    }

    /// A block passed to a parent: the block's name number and the operations of its content.
    struct Argument: Sendable {
        var name: Int32
        var body: Range<Int32>
    }

    /// One step. Elements carry `end`: their content is the operations up to it, and the next
    /// step after the element is `end`.
    enum Op: Sendable {
        case text(Slice, endsLine: Bool)
        case variable(Keys, escaped: Bool)
        case section(Keys, end: Int32)
        case inverted(Keys, end: Int32)
        case partial(inclusion: Int32)
        case parent(inclusion: Int32, end: Int32)
        case block(name: Int32, end: Int32, indentation: Slice)
    }

    var ops: [Op] = []
    /// Where each operation came from, for errors (parallel to `ops`).
    var locations: [SourceLocation] = []
    var arena: [UInt8] = []
    var keys: [String] = []
    /// Each key's `hashValue` (parallel to `keys`): objects are searched by it, so rendering
    /// hashes no key (`TemplateObject`).
    var keyHashes: [Int] = []
    var inclusions: [Inclusion] = []
    var arguments: [Argument] = []
    /// Each template's operations, by template number.
    var templates: [Range<Int32>] = []
    /// Template name → template number.
    var numbers: [String: Int32] = [:]
    /// Block name → name number, so that overrides compare integers.
    var blockNames: [String: Int32] = [:]
}
