/// The members of a `TemplateValue.object`: string keys to values, like a JSON object.
///
/// Not a `Dictionary` because of how rendering reads it: a name is looked up from the innermost
/// context out, so one key is searched in several objects, and a `Dictionary` hashes the key again
/// in each (its seed is per instance). Here every member keeps its key's `hashValue`, computed
/// once when the member is added, and the renderer looks a key up with the hash it computed once
/// when the template was compiled: a lookup hashes nothing. Small objects are searched in order;
/// larger ones through an open-addressed table of member numbers.
///
/// Keys compare as `String`s compare, as they did in a `Dictionary`. Members keep the order they
/// were first added in, which nothing may rely on (equality ignores it).
public struct TemplateObject: Sendable {
    struct Member: Sendable {
        let hash: Int
        let key: String
        var value: TemplateValue
    }

    private(set) var members: [Member] = []
    /// Empty while `members` is small; else a power-of-two table, at most half full, of member
    /// numbers plus one (0 is a free slot), placed by the key's hash with linear probing.
    private var slots: [Int32] = []

    /// Objects up to this many members are searched in order.
    private static let linearLimit = 8

    /// An empty object.
    public init() {}

    /// An empty object with room for `count` members without growing.
    public init(minimumCapacity count: Int) {
        reserveCapacity(count)
    }

    /// The members of `dictionary`.
    public init(_ dictionary: [String: TemplateValue]) {
        reserveCapacity(dictionary.count)
        for (key, value) in dictionary { self[key] = value }
    }

    /// Members from pairs whose keys are all different.
    public init(uniqueKeysWithValues pairs: some Sequence<(String, TemplateValue)>) {
        for (key, value) in pairs { self[key] = value }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    /// The keys, in the order they were added.
    public var keys: [String] { members.map(\.key) }
    /// The values, in the order their keys were added.
    public var values: [TemplateValue] { members.map(\.value) }

    /// Makes room for `count` members, so adding them neither copies the members nor rebuilds the table.
    public mutating func reserveCapacity(_ count: Int) {
        members.reserveCapacity(count)
        if count > Self.linearLimit, slots.count < 2 * count { rebuildSlots(minimumCount: count) }
    }

    /// The value under `key`, or `nil`; setting `nil` removes the member.
    public subscript(key: String) -> TemplateValue? {
        get { value(forKey: key, hash: key.hashValue) }
        set { set(newValue, forKey: key, hash: key.hashValue) }
    }

    /// A key with its `hashValue` computed once: for the names a view model sets on every
    /// render, kept in a `static let`, so that setting or reading a member through it hashes
    /// nothing. (A `hashValue` is the same for the life of the process, not across processes.)
    public struct HashedKey: Sendable {
        public let name: String
        let hash: Int

        public init(_ name: String) {
            self.name = name
            self.hash = name.hashValue
        }
    }

    /// The value under `key.name`; setting `nil` removes the member.
    public subscript(key: HashedKey) -> TemplateValue? {
        get { value(forKey: key.name, hash: key.hash) }
        set { set(newValue, forKey: key.name, hash: key.hash) }
    }

    /// The value under `key`, whose `hashValue` is `hash`: what rendering calls, with hashes computed
    /// when the template was compiled.
    @inline(__always)
    func value(forKey key: String, hash: Int) -> TemplateValue? {
        guard let index = index(of: key, hash: hash) else { return nil }
        return members[index].value
    }

    /// The number of the member under `key`, whose `hashValue` is `hash`, in `members`.
    @inline(__always)
    func index(of key: String, hash: Int) -> Int? {
        probe(key, hash: hash).index
    }

    /// `index(of:hash:)`, and, when the key is not there and the table is in use, the free slot
    /// its probe ended on: where the key goes if added now (else -1), so adding it probes once.
    @inline(__always)
    private func probe(_ key: String, hash: Int) -> (index: Int?, free: Int) {
        if slots.isEmpty {
            for index in members.indices where members[index].hash == hash && members[index].key == key { return (index, -1) }
            return (nil, -1)
        }
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let number = Int(slots[slot])
            if number == 0 { return (nil, slot) }
            if members[number - 1].hash == hash, members[number - 1].key == key { return (number - 1, -1) }
            slot = (slot + 1) & mask
        }
    }

    private mutating func set(_ value: TemplateValue?, forKey key: String, hash: Int) {
        let (found, free) = probe(key, hash: hash)
        switch (found, value) {
        case (let index?, let value?):
            members[index].value = value
        case (let index?, nil):
            members.remove(at: index)
            if !slots.isEmpty { rebuildSlots(minimumCount: members.count) }
        case (nil, let value?):
            members.append(Member(hash: hash, key: key, value: value))
            if 2 * members.count > slots.count {
                if members.count > Self.linearLimit { rebuildSlots(minimumCount: members.count) }
            } else {
                // The table is in use and has not changed since the probe.
                slots[free] = Int32(members.count)
            }
        case (nil, nil):
            break
        }
    }

    /// A table for at least `minimumCount` members (at most half full), holding every member now.
    private mutating func rebuildSlots(minimumCount: Int) {
        guard minimumCount > Self.linearLimit else {
            slots = []
            return
        }
        var size = 16
        while size < 2 * minimumCount { size *= 2 }
        slots = Array(repeating: 0, count: size)
        for index in members.indices { place(index) }
    }

    private mutating func place(_ index: Int) {
        let mask = slots.count - 1
        var slot = members[index].hash & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(index + 1)
    }

    /// Each value transformed, under the same keys.
    public func mapValues(_ transform: (TemplateValue) throws -> TemplateValue) rethrows -> TemplateObject {
        var mapped = self
        for index in mapped.members.indices { mapped.members[index].value = try transform(mapped.members[index].value) }
        return mapped
    }

    /// The members for which `isIncluded` is true.
    public func filter(_ isIncluded: ((key: String, value: TemplateValue)) throws -> Bool) rethrows -> TemplateObject {
        var kept = TemplateObject()
        for member in members where try isIncluded((member.key, member.value)) {
            kept.set(member.value, forKey: member.key, hash: member.hash)
        }
        return kept
    }

    /// Adds `other`'s members; for a key in both, `combine` says which value stays.
    public mutating func merge(
        _ other: TemplateObject, uniquingKeysWith combine: (TemplateValue, TemplateValue) throws -> TemplateValue
    ) rethrows {
        reserveCapacity(count + other.count)
        for member in other.members {
            if let mine = index(of: member.key, hash: member.hash) {
                members[mine].value = try combine(members[mine].value, member.value)
            } else {
                set(member.value, forKey: member.key, hash: member.hash)
            }
        }
    }
}

extension TemplateObject: Sequence {
    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Member]>

        public mutating func next() -> (key: String, value: TemplateValue)? {
            base.next().map { ($0.key, $0.value) }
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(base: members.makeIterator())
    }

    public var underestimatedCount: Int { members.count }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    /// Later duplicates win, as in a JSON object.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        reserveCapacity(elements.count)
        for (key, value) in elements { self[key] = value }
    }
}

extension TemplateObject: Hashable {
    /// Equal when both hold the same keys with equal values, in any order.
    public static func == (left: TemplateObject, right: TemplateObject) -> Bool {
        guard left.count == right.count else { return false }
        for member in left.members {
            guard let other = right.value(forKey: member.key, hash: member.hash), other == member.value else { return false }
        }
        return true
    }

    /// Independent of the members' order, as equality is.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var own = Hasher()
            own.combine(member.key)
            own.combine(member.value)
            combined ^= own.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
