/// The data a template renders: a closed set of JSON-like values.
///
/// Templates never see Swift objects, so what a designer can reach is exactly what the view model
/// put here. Build values with literals (`["name": "Ada", "items": [1, 2]]`) or decode them from JSON.
public enum TemplateValue: Sendable, Hashable {
    /// JSON `null`: prints nothing, is false.
    case null
    case bool(Bool)
    /// Every JSON number; prints as JavaScript would (`85`, `1.21`).
    case number(Double)
    case string(String)
    /// A section over a list renders once per item.
    case list([TemplateValue])
    /// A section over an object pushes it on the context stack; names are looked up in it.
    case object(TemplateObject)

    /// Whether a section over this value renders, following JavaScript's `!!value` as the spec
    /// suggests: `null`, `false`, `0`, `""` and the empty list are false; everything else is true.
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .number(let value): value != 0 && !value.isNaN
        case .string(let value): !value.isEmpty
        case .list(let items): !items.isEmpty
        case .object: true
        }
    }

    /// The value under `key` when this is an object holding that key; `nil` otherwise.
    ///
    /// A key holding `.null` answers `.null`, not `nil`: the key exists, which stops the context
    /// stack search as the spec requires.
    public subscript(key: String) -> TemplateValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// `self[key]` for a key whose `hashValue` is `hash`: what rendering looks names up with.
    @inline(__always)
    func member(_ key: String, hash: Int) -> TemplateValue? {
        guard case .object(let members) = self else { return nil }
        return members.value(forKey: key, hash: hash)
    }

    /// What the dotted name `keys[path]` (two keys or more; one key is `member(_:hash:)`) names from this value: nil when
    /// this is no object holding the first key, so the search goes on down the context stack;
    /// `.null` when a later key is missing. Inlined into the renderer's lookup, so the context
    /// and the first key's value are read where they lie (called out of line, the context would be
    /// copied to be passed): a name of two keys copies only the value at its end. A loop, not
    /// recursion, for names of any length.
    @inline(__always)
    func member(at path: Range<Int>, keys: [String], hashes: [Int]) -> TemplateValue? {
        assert(path.count >= 2, "a one-key name is member(_:hash:)")
        guard case .object(let members) = self, let first = members.index(of: keys[path.lowerBound], hash: hashes[path.lowerBound])
        else { return nil }
        let second = path.lowerBound + 1
        guard var value = members.members[first].value.member(keys[second], hash: hashes[second]) else { return .null }
        for next in second + 1..<path.upperBound {
            guard let inner = value.member(keys[next], hash: hashes[next]) else { return .null }
            value = inner
        }
        return value
    }
}
