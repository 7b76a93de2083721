import Synchronization

/// A memo shared by every session (`BlockMemo`, `LeafMemo`, `ErrorWords`, `LanguagePack`'s field
/// data and filled strings, `PolicyCache`: each says what it holds and why it is safe to share). Bounded:
/// past `capacity` entries it starts again empty, so a run of keys never seen again cannot grow it.
///
/// Entries are filed by their key's hash, and a lookup compares the keys filed under it, nearly
/// always one: a `Dictionary` keyed by the keys themselves would compare (and copy) each key
/// met along its probe, and comparing two keys (a field's state, a leaf's facts) costs far more
/// than comparing two hashes.
final class BoundedMemo<Key: Hashable & Sendable, Entry: Sendable>: Sendable {
    let capacity: Int
    private let state = Mutex(Filed())

    private struct Filed {
        var byHash: [Int: [Held]] = [:]
        var count = 0
    }

    /// One entry and its key, by reference: comparing its key with the one looked up reads it in
    /// place, where a key held by value would be copied out first (a retain per string and list).
    private final class Held: Sendable {
        let key: Key
        let entry: Entry

        init(key: Key, entry: Entry) {
            self.key = key
            self.entry = entry
        }
    }

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Entries held now.
    var count: Int { state.withLock { $0.count } }

    /// Everything held now, keys and entries: what a test checks holds no card data.
    var held: [Key: Entry] {
        state.withLock { filed in
            var all: [Key: Entry] = [:]
            for bucket in filed.byHash.values {
                for held in bucket { all[held.key] = held.entry }
            }
            return all
        }
    }

    func entry(for key: Key) -> Entry? {
        let hash = key.hashValue
        return state.withLock { filed in
            guard let bucket = filed.byHash[hash] else { return nil }
            for held in bucket where held.key == key { return held.entry }
            return nil
        }
    }

    /// The entry for `key`, made by `make` and kept when not held yet. Two threads missing at once
    /// both make it (the lock is not held while making); the second keeps its own, equal one.
    func entry(for key: Key, make: () -> Entry) -> Entry {
        if let known = entry(for: key) { return known }
        let made = make()
        remember(made, for: key)
        return made
    }

    func remember(_ entry: Entry, for key: Key) {
        let hash = key.hashValue
        state.withLock { filed in
            if filed.count >= capacity {
                filed.byHash.removeAll(keepingCapacity: true)
                filed.count = 0
            }
            var bucket = filed.byHash.removeValue(forKey: hash) ?? []
            if let index = bucket.firstIndex(where: { $0.key == key }) {
                bucket[index] = Held(key: key, entry: entry)
            } else {
                bucket.append(Held(key: key, entry: entry))
                filed.count += 1
            }
            filed.byHash[hash] = bucket
        }
    }
}
