/// A name looked up in the data: `.` (the item on top of the context stack) or dotted keys.
public struct ValuePath: Sendable, Hashable, CustomStringConvertible {
    /// The keys in order, e.g. `["person", "name"]` for `person.name`; empty for `.`.
    public let keys: [String]

    public init(_ keys: [String]) {
        self.keys = keys
    }

    /// Parses `.` or `a.b.c` (no empty keys, no whitespace); `nil` when malformed.
    public init?(parsing text: String) {
        if text == "." {
            self.keys = []
            return
        }
        let keys = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !text.isEmpty, !keys.contains(where: \.isEmpty),
              !text.unicodeScalars.contains(where: { $0.properties.isWhitespace })
        else { return nil }
        self.keys = keys.map(String.init)
    }

    /// Whether this is `.`, the implicit iterator.
    public var isImplicitIterator: Bool { keys.isEmpty }

    /// The path as written: `.` or `a.b.c`.
    public var description: String { keys.isEmpty ? "." : keys.joined(separator: ".") }
}

/// How a partial or parent tag names its template: fixed in the source, or read from the data at
/// render time (`{{>*name}}`, the spec's dynamic names).
public enum TemplateReference: Sendable, Hashable, CustomStringConvertible {
    /// `{{>blocks/card-number}}`: the template of that name.
    case named(String)
    /// `{{>*kind}}`: the template named by the string at `kind` in the data.
    case dynamic(ValuePath)

    /// As written in the tag: `name` or `*path`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .dynamic(let path): "*" + path.description
        }
    }
}
