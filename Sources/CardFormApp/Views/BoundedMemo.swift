import Synchronization

/// A memo shared by every session's renders (`BlockMemo`, `LeafMemo` say what each holds and
/// why it is safe to share). Bounded: past `capacity` entries it starts again empty, so a run of
/// states never seen again cannot grow it.
final class BoundedMemo<Key: Hashable & Sendable, Entry: Sendable>: Sendable {
    let capacity: Int
    private let entries = Mutex<[Key: Entry]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Entries held now.
    var count: Int { entries.withLock { $0.count } }

    /// Everything held now, keys and entries: what a test checks holds no card data.
    var held: [Key: Entry] { entries.withLock { $0 } }

    func entry(for key: Key) -> Entry? {
        entries.withLock { $0[key] }
    }

    func remember(_ entry: Entry, for key: Key) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
    }
}
