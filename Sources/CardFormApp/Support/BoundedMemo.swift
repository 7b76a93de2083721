import CardFormSupport
import Synchronization

/// A memo shared by every session (`BlockMemo`, `LeafMemo`, `ErrorWords`, `LanguagePack`'s field
/// data and filled strings, `PolicyCache`: each says what it holds and why it is safe to share). Bounded:
/// past `capacity` entries a thread's memo starts again empty, so a run of keys never seen again cannot grow it.
///
/// One memo per thread: a lookup takes a lock and retains the entry it hands back, and with one
/// memo for all, both workers wrote that lock word and every hot entry's reference count, moving
/// each line between the cores on every keystroke (natively ~1.4 % of all samples in
/// `entry(for:)`, much of it cache misses). Each thread now fills its own from its own misses (the
/// same few renders, made once per thread), and its lines stay on its core. The lock stays: past
/// `slots` threads share memos. Memory: each thread's memo holds at most `capacity` entries, so
/// the whole at most `slots × capacity` (`bound`); only threads that look up fill theirs, and
/// those are the workers (one per core) and, rarely, a test's or the acceptor's.
///
/// The slot is found as `PerThread` finds it (`ThreadIndex`), but in an array of this module's
/// own: `PerThread.local` is generic and not inlinable, so each call went through the generic
/// array subscript and retained the memo (~140 instructions, 2.4 calls a keystroke); here it is
/// specialized, and a power-of-two count takes the slot by a mask rather than a division.
/// Entries are filed by their key's hash, and a lookup compares the keys filed under it, nearly
/// always one: a `Dictionary` keyed by the keys themselves would compare (and copy) each key
/// met along its probe, and comparing two keys (a field's state, a leaf's facts) costs far more
/// than comparing two hashes.
final class BoundedMemo<Key: Hashable & Sendable, Entry: Sendable>: Sendable {
    /// The most entries one thread's memo holds.
    let capacity: Int
    private let memos: [Memo]
    /// `memos.count - 1`, the count being a power of two.
    private let slotMask: Int
    /// `ThreadIndex.key`, kept: a static is read through a `swift_once` call on every access.
    private let threadKey = ThreadIndex.key

    /// One thread's memo; a class because an array holds copies and a `Mutex` has none.
    private final class Memo: Sendable {
        let state = Mutex(Filed())
        /// Never read: the memos are made one after another, and without it two threads' locks and
        /// reference counts (the first ~48 bytes of each) could share a cache line, the very
        /// sharing one memo per thread is for. 64 bytes keep the next memo's on another line.
        private let apart: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

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
        precondition(slots > 0, "a memo needs at least one slot")
        self.capacity = capacity
        let count = 1 << (Int.bitWidth - (slots - 1).leadingZeroBitCount)
        memos = (0..<count).map { _ in Memo() }
        slotMask = count - 1
    }

    /// The calling thread's memo.
    private var local: Memo { memos[ThreadIndex.current(key: threadKey) & slotMask] }

    /// Entries held now, by every thread's memo.
    var count: Int { memos.reduce(0) { sum, memo in sum + memo.withLock { $0.count } } }

    /// The most entries held at once by all threads' memos: what the memory bound counts.
    var bound: Int { capacity * memos.count }

    /// Everything held now, keys and entries, by every thread's memo: what a test checks holds
    /// no card data.
    var held: [Key: Entry] {
        var all: [Key: Entry] = [:]
        for memo in memos {
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

    /// What `body` makes of the entry for `key`, read where the memo holds it (under the thread's
    /// lock, uncontended) and passed to `body` borrowed: a caller that only reads the entry (appends
    /// its markup, takes one of its fields) skips copying it out, a retain and release per
    /// reference it holds.
    func withEntry<Result>(for key: Key, _ body: (Entry) -> Result) -> Result? {
        let hash = key.hashValue
        return local.withLock { filed in
            guard let slot = filed.byHash.index(forKey: hash) else { return nil }
            for held in filed.byHash.values[slot] where held.key == key { return body(held.entry) }
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
        local.withLock { filed in
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
