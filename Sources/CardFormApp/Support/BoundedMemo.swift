import CardFormSupport
import Synchronization

/// A memo shared by every session (`BlockMemo`, `LeafMemo`, `ErrorWords`, `LanguagePack`'s field
/// data and filled strings, `PolicyCache`: each says what it holds and why it is safe to share). Bounded:
/// past `capacity` entries a thread's memo starts again empty, so a run of keys never seen again cannot grow it.
///
/// One memo per thread (`PerThread`): a lookup takes a lock and retains the entry it hands back,
/// and with one memo for all, both workers wrote that lock word and every hot entry's reference
/// count, moving each line between the cores on every keystroke (natively ~1.4 % of all samples
/// in `entry(for:)`, much of it cache misses). Each thread fills its own from its own misses (the
/// same few renders, made once per thread), and its lines stay on its core. The lock stays: past
/// the slot count threads share memos.
///
/// Memory: at most `capacity × slots` entries (`bound`), slots being the next power of two at or
/// above the cores plus four. In practice only threads that look up fill theirs: one memo per
/// worker, that is one per core (a test's thread or the acceptor's rarely add one).
///
/// Entries are filed by their key's hash, and a lookup compares the keys filed under it, nearly
/// always one: a `Dictionary` keyed by the keys themselves would compare (and copy) each key
/// met along its probe, and comparing two keys (a field's state, a leaf's facts) costs far more
/// than comparing two hashes.
final class BoundedMemo<Key: Hashable & Sendable, Entry: Sendable>: Sendable {
    /// The most entries one thread's memo holds.
    let capacity: Int
    private let memos: PerThread<Memo>

    /// One thread's memo; a class because an array holds copies and a `Mutex` has none.
    private final class Memo: Sendable {
        let state = Mutex(Filed())
        /// Never read: keeps the next thread's memo, made right after this one, off this one's
        /// cache line (see `CacheLinePadding`).
        private let apart = CacheLinePadding()

        func withLock<Result>(_ body: (inout Filed) -> Result) -> Result {
            state.withLock { body(&$0) }
        }
    }

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

    /// Memos of at most `capacity` entries each, one per thread for the first `slots` threads
    /// (rounded up to a power of two) to look up; `PerThread`'s default leaves room for every
    /// worker and a few others.
    init(capacity: Int, slots: Int = PerThread<Int>.defaultCount) {
        self.capacity = capacity
        memos = PerThread(count: slots) { Memo() }
    }

    /// Entries held now, by every thread's memo.
    var count: Int { memos.all.reduce(0) { sum, memo in sum + memo.withLock { $0.count } } }

    /// The most entries held at once by all threads' memos: what the memory bound counts.
    var bound: Int { capacity * memos.all.count }

    /// Everything held now, keys and entries, by every thread's memo: what a test checks holds
    /// no card data. A key two threads' memos both hold appears once, with one thread's entry
    /// (the entries are equal: each was made from that key).
    var held: [Key: Entry] {
        var all: [Key: Entry] = [:]
        for memo in memos.all {
            memo.withLock { filed in
                for bucket in filed.byHash.values {
                    for held in bucket { all[held.key] = held.entry }
                }
            }
        }
        return all
    }

    func entry(for key: Key) -> Entry? {
        withEntry(for: key) { $0 }
    }

    /// What `body` makes of the entry for `key`, read where the memo holds it and passed to `body`
    /// borrowed: a caller that only reads the entry (appends its markup, takes one of its fields)
    /// skips copying it out, a retain and release per reference it holds. `body` runs under this
    /// thread's lock: it must not use this memo, and should be short.
    func withEntry<Result>(for key: Key, _ body: (Entry) -> Result) -> Result? {
        let hash = key.hashValue
        return memos.withLocal { memo in
            memo.withLock { filed in
                guard let slot = filed.byHash.index(forKey: hash) else { return nil }
                for held in filed.byHash.values[slot] where held.key == key { return body(held.entry) }
                return nil
            }
        }
    }

    /// The entry for `key`, made by `make` and kept when not held yet. Two threads sharing a slot
    /// and missing at once both make it (the lock is not held while making); the second keeps its
    /// own, equal one.
    func entry(for key: Key, make: () -> Entry) -> Entry {
        if let known = entry(for: key) { return known }
        let made = make()
        remember(made, for: key)
        return made
    }

    func remember(_ entry: Entry, for key: Key) {
        let hash = key.hashValue
        memos.withLocal { memo in
            memo.withLock { filed in
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
}
