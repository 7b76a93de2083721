#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One value per thread, for state every request touches: a counter, a memo, a log buffer.
///
/// Why: the server's worker threads run on different cores, and a cache line that two cores
/// write in turn moves between them on every write (~50–100 ns each time, where a write to a
/// line the core already holds costs ~1 ns). A lock word, a shared counter, or the reference
/// count of an object both threads retain is such a line. Measured on the `shoppers` bench,
/// 2 cores: the server spent ~0.6 µs more user time per keystroke with two workers than with
/// one (8.4 vs 7.8 µs, median of 5 alternating runs), the same work spread over two cores.
/// Giving each thread its own copy keeps those lines on one core.
///
/// A thread gets its slot on first use (`ThreadIndex`); slots are dealt out in the order threads
/// first ask, and past the slot count (`count` rounded up to a power of two) threads share slots
/// (a thread's number modulo the slot count), so `Value` must still be safe to use from several
/// threads (a `Mutex` inside it, say): sharing then only costs speed.
///
/// `local` is inlinable, so that a caller in another module gets it specialized for its `Value`:
/// the generic version, reached through a call, read the slot through the unspecialized array
/// subscript (~140 instructions a lookup, callgrind, against ~25).
public final class PerThread<Value: Sendable>: Sendable {
    @usableFromInline let slots: [Value]
    /// `slots.count - 1`: the count is a power of two, so a thread's slot is its number masked
    /// (a division by any count cost ~25 cycles on every lookup).
    @usableFromInline let mask: Int
    /// `ThreadIndex.key`, kept: a static is read through a `swift_once` call on every access.
    @usableFromInline let key = ThreadIndex.key
    /// The slots again, unretained, when `Value` is a class (`withLocal`); empty otherwise. They
    /// live as long as `slots` holds them. `nonisolated(unsafe)`: `Unmanaged<AnyObject>` is not
    /// `Sendable`, but this array is never written after `init`, and what it points at is `slots`,
    /// whose `Value`s are.
    @usableFromInline nonisolated(unsafe) let references: [Unmanaged<AnyObject>]

    /// `count` slots (rounded up to a power of two), each made by `make`. The default leaves room
    /// for the worker threads (one per core) and a few others (the accepting thread, a flush
    /// thread, a test's).
    public init(count: Int = PerThread.defaultCount, make: () -> Value) {
        precondition(count > 0, "PerThread needs at least one slot")
        var rounded = 1
        while rounded < count { rounded <<= 1 }
        slots = (0..<rounded).map { _ in make() }
        mask = rounded - 1
        // A class instance is itself as `AnyObject`; anything else would be boxed afresh, and the
        // box gone at once.
        references = Value.self is AnyObject.Type ? slots.map { Unmanaged.passUnretained($0 as AnyObject) } : []
    }

    /// Online cores plus four.
    public static var defaultCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) + 4 }

    /// The calling thread's value.
    @inlinable public var local: Value { slots[ThreadIndex.current(key: key) & mask] }

    /// Every thread's value, for a reader that sums or drains them.
    public var all: [Value] { slots }
}

extension PerThread where Value: AnyObject {
    /// Runs `body` with the calling thread's object, borrowed: `local` hands it out retained,
    /// and the retain and release, though on the thread's own line, were an atomic operation each
    /// per use (callgrind: one pair per lookup).
    @inlinable public func withLocal<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        try references[ThreadIndex.current(key: key) & mask]._withUnsafeGuaranteedRef {
            try body(unsafeDowncast($0, to: Value.self))
        }
    }
}

/// A small number for the calling thread, the same on every call from it: 0 for the first
/// thread that asks, 1 for the next, and so on. Kept in thread-local storage as the number
/// itself (no allocation, nothing to free when the thread ends). Numbers are not reused.
public enum ThreadIndex {
    /// One key for the process.
    public static let key: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key, nil)
        precondition(result == 0, "no thread-local key for thread indices (error \(result))")
        return key
    }()

    private static let next = Atomic<Int>(0)

    /// The calling thread's number (stored plus one: a thread that never asked reads nil).
    @inlinable public static func current(key: pthread_key_t = key) -> Int {
        if let stored = pthread_getspecific(key) { return Int(bitPattern: stored) - 1 }
        return assign(key: key)
    }

    /// A number for a thread that has none yet.
    @usableFromInline static func assign(key: pthread_key_t) -> Int {
        let index = next.add(1, ordering: .relaxed).oldValue
        // Not kept (out of memory for the thread's table): the thread asks again next time and
        // gets a new number, which only spreads it over more slots.
        _ = pthread_setspecific(key, UnsafeRawPointer(bitPattern: index + 1))
        return index
    }
}

/// 64 bytes of nothing, the last stored property of a class one thread writes and the next slot
/// may lie right after: `PerThread` makes its slots one after the other, so two small objects
/// would often share a cache line, and the threads writing them would pass it back and forth as
/// if they wrote one shared value. The padding keeps the next object's bytes off the line.
///
/// Also the first stored property of such a class: objects are only 16-byte aligned, so the hot
/// field after the object's header would share a line with the header (its reference count,
/// written by whoever retains it) and with the end of whatever the allocator placed before it,
/// which need not be padded. The leading padding puts the hot field on a line of its own.
public struct CacheLinePadding: Sendable {
    private let bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    public init() {}
}
