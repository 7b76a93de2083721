import Foundation
import Synchronization

/// Lines on their way to standard output: appended by request threads, written by one background
/// thread every 50 ms (or at once past 64 KB pending from one thread), and flushed when the server
/// stops. The thread ends once the buffer is closed or gone, having written what was pending.
///
/// Each thread appends to bytes of its own (`PerThread`), which a flush collects in turn: one
/// buffer for all, its lock and its bytes written by both workers for every request's log line,
/// moved those cache lines between the cores each time. Lines stay whole, and one thread's lines
/// keep their order; lines of different threads are written a flush's worth of slots at a time,
/// so they may land up to a flush interval (50 ms) out of order of their timestamps.
public final class OutputBuffer: Sendable {
    public static let standard = OutputBuffer { bytes in FileHandle.standardOutput.write(Data(bytes)) }

    /// One thread's bytes not written yet, on cache lines of their own (padded before and after).
    private final class Pending: Sendable {
        private let leading = CacheLinePadding()
        let bytes = Mutex<[UInt8]>([])
        private let padding = CacheLinePadding()
    }

    /// The bytes not written yet, by thread.
    private let pending = PerThread { Pending() }
    /// Held by the one flush writing (lines keep being appended to `pending` meanwhile). It holds
    /// the buffer written last, emptied: it takes the next lines with the room it already has.
    private let writing = Mutex<[UInt8]>([])
    private let started = Atomic(false)
    private let closed = Atomic(false)
    /// Outlives the buffer: the flush thread holds it, and the buffer only weakly.
    let flusher = Flusher()
    private let write: @Sendable ([UInt8]) -> Void
    /// `ThreadLogClock.key`, kept.
    private let clockKey = ThreadLogClock.key

    /// A buffer handing what it collected to `write` (standard output; a test's recorder).
    /// `lineSpace`: bytes a log line may take to be built in place (a request's takes ~150).
    public init(lineSpace: Int = 1024, write: @escaping @Sendable ([UInt8]) -> Void) {
        self.lineSpace = lineSpace
        self.write = write
    }

    /// Writes what the thread has not written yet; nothing appended is lost with the buffer.
    deinit { flush() }

    /// Writes everything pending and ends the flush thread; a line appended from here on is
    /// written at once.
    public func close() {
        closed.store(true, ordering: .releasing)
        flush()
    }

    /// Whether a line just appended must be written now: past 64 KB pending (from the thread
    /// appending), or once closed.
    private func mustFlush(_ pendingCount: Int) -> Bool {
        pendingCount > 64 * 1024 || closed.load(ordering: .acquiring)
    }

    public func append(_ line: String) {
        append(Array(line.utf8))
    }

    func append(_ line: [UInt8]) {
        startIfNeeded()
        line.withUnsafeBufferPointer { appendPending($0) }
    }

    /// Copies `line` to the calling thread's bytes, and flushes if they have grown past the
    /// threshold.
    private func appendPending(_ line: UnsafeBufferPointer<UInt8>) {
        let count = pending.withLocal { $0.bytes.withLock { pending in
            pending.append(contentsOf: line)
            return pending.count
        } }
        if mustFlush(count) { flush() }
    }

    /// The room a line built in place has (`appendLine`); a longer one is built apart.
    let lineSpace: Int

    /// Appends the line `build` writes, built in place (in stack memory, then copied once), with
    /// the thread's clock (`ThreadLogClock`) for its timestamp. Returns false, having appended
    /// nothing, when the line did not fit in `lineSpace`.
    ///
    /// The line is built outside the lock, which is held only to copy the bytes in (the
    /// thread's own lock, which only a flush takes besides).
    func appendLine(_ build: (inout LineWriter, inout LogClock) -> Void) -> Bool {
        startIfNeeded()
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: lineSpace) { space in
            var line = LineWriter(space)
            ThreadLogClock.with(key: clockKey) { build(&line, &$0) }
            guard let written = line.written else { return false }
            appendPending(written)
            return true
        }
    }

    /// Writes everything pending now.
    public func flush() {
        // One flush at a time, from taking the bytes to writing them: the background thread and a
        // request thread past 64 KB may flush together, and two writes of a pipe at once can
        // interleave their bytes (past PIPE_BUF) or land out of order, breaking lines.
        writing.withLock { bytes in
            // Copied, not swapped: a thread's bytes keep their room, so its next lines need no
            // allocation (an allocation here would come from the flushing thread's arena).
            for slot in pending.all {
                slot.bytes.withLock { pending in
                    bytes.append(contentsOf: pending)
                    pending.removeAll(keepingCapacity: true)
                }
            }
            if !bytes.isEmpty { write(bytes) }
            bytes.removeAll(keepingCapacity: true)
        }
    }

    private func startIfNeeded() {
        guard !started.load(ordering: .relaxed),
              started.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        else { return }
        // The buffer is held weakly, so that a buffer nobody uses any more goes (its `deinit`
        // writing the rest) and the thread with it.
        let thread = Thread { [weak self, flusher] in
            while true {
                Thread.sleep(forTimeInterval: 0.05)
                guard let buffer = self else { break }
                buffer.flush()
                if buffer.closed.load(ordering: .acquiring) { break }
            }
            flusher.ended.store(true, ordering: .releasing)
        }
        thread.name = "cardform.log"
        thread.start()
    }
}

/// The flush thread's own state, which it keeps past the buffer.
final class Flusher: Sendable {
    /// Set as the thread ends.
    let ended = Atomic(false)

    var hasEnded: Bool { ended.load(ordering: .acquiring) }
}

/// Where a log line's bytes go: a growing array, or a `LineWriter`'s fixed space.
protocol LineBytes {
    mutating func put(_ byte: UInt8)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension LineBytes {
    /// A constant text of our own source.
    mutating func put(_ text: StaticString) {
        text.withUTF8Buffer { put($0) }
    }
}

extension [UInt8]: LineBytes {
    mutating func put(_ byte: UInt8) { append(byte) }
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// A line written into fixed space: each byte one store and a count, no growth or uniqueness
/// check as an array's append has. Writing past the space marks the line as not fitting.
struct LineWriter: LineBytes {
    private let space: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private var overflowed = false

    init(_ space: UnsafeMutableBufferPointer<UInt8>) {
        self.space = space
    }

    /// The bytes written, or nil when they did not fit.
    var written: UnsafeBufferPointer<UInt8>? {
        overflowed ? nil : UnsafeBufferPointer(rebasing: space[..<count])
    }

    mutating func put(_ byte: UInt8) {
        guard count < space.count else {
            overflowed = true
            return
        }
        space[count] = byte
        count += 1
    }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        // The room is checked first: text dropped for want of it must mark the line as not
        // fitting, even in a space with no memory at all (no base address).
        guard bytes.count <= space.count - count else {
            overflowed = true
            return
        }
        guard let source = bytes.baseAddress, let target = space.baseAddress else { return }  // nothing to copy
        (target + count).update(from: source, count: bytes.count)
        count += bytes.count
    }
}
