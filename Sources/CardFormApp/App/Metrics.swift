import CardFormSupport
import Foundation
import HTTPServer
import Payments
import Synchronization

/// What `GET /metrics` reports that only counting as it happens can tell: requests by route and
/// status, keystroke handling time, payments by outcome, store failures answered 503. (Open
/// sessions and the webhook outbox are read from their owners at each scrape.)
///
/// Cheap on the request path: each thread counts its requests and keystrokes in a tally of its
/// own (`PerThread`), under a lock no other thread takes but the scrape, which adds the tallies
/// up. One tally for all, its lock and atomics written by both workers for every request, moved
/// their cache lines between the cores each time. A request is found in a short list keyed by
/// the route's literal (no String made or hashed per request; cost measured with callgrind, see
/// bench/README.md). The rarer counts (payments, store errors, sweeps) are atomics.
final class Metrics: Sendable {
    /// Upper bounds of the keystroke histogram's buckets, in seconds (+Inf is implied).
    static let keystrokeBuckets: [Double] = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1]
    /// The routes whose handling time is a keystroke's: the page's and the shell's input.
    static let keystrokeRoutes: [RouteName] = ["/s/:id/input", "/shell/:id/input"]

    /// How a payment attempt ended, as counted.
    enum PaymentKind: String, CaseIterable, Sendable {
        case succeeded, failed
        /// The merchant's hook stopped it before the processor.
        case aborted
        /// Timed out or cut off: the processor may have charged; the next submit resends it.
        case unknown
    }

    /// A request's labels: the route's pattern (never a path: ids stay out), method, status.
    struct RequestKey: Hashable, Sendable {
        var routeName: RouteName
        var httpMethod: HTTPMethod
        var status: Int

        /// The route label (`unmatched` when no route answered).
        var route: String { routeName.description }

        /// The status and the route's length only: equal keys hash alike, and the few keys that
        /// share both (a few dozen routes and statuses, methods) are told apart by `==`. Hashing
        /// the route's and the method's text cost ~500 instructions per request (callgrind).
        func hash(into hasher: inout Hasher) {
            hasher.combine(status << 16 | routeName.staticString.utf8CodeUnitCount)
        }
        /// The method label.
        var method: String { httpMethod.rawValue }
    }

    /// What each thread counted of requests and keystrokes.
    private let tallies = PerThread { Tally() }
    private let payments = Dictionary(uniqueKeysWithValues: PaymentKind.allCases.map { ($0, Counter()) })
    private let storeErrors = Dictionary(uniqueKeysWithValues: StoreError.Kind.allCases.map { ($0, Counter()) })
    private let unreadableRecords = Dictionary(uniqueKeysWithValues: UnreadableRecord.Reason.allCases.map { ($0, Counter()) })
    private let sweeps = Counter()
    private let lastSweepNanoseconds = Counter()

    /// Counts a finished request.
    func record(_ entry: RequestLogEntry) {
        record(entry, nanoseconds: Self.nanoseconds(entry.duration))
    }

    /// Counts a finished request that took `nanoseconds` (`entry.duration`, which the daemon's
    /// access-log hook also logs, so both take it from one `Metrics.nanoseconds`).
    func record(_ entry: RequestLogEntry, nanoseconds: Int) {
        let route = entry.route ?? "unmatched"
        let method = entry.method.counted
        let key = RequestKey(routeName: route, httpMethod: method, status: entry.status?.code ?? 0)
        tallies.withLocal { tally in
            let bucket = entry.method == .post && tally.keystrokeRoutes.contains(route)
                ? tally.keystrokeBounds.firstIndex { Double(nanoseconds) <= $0 } ?? tally.keystrokeBounds.count
                : nil
            tally.counts.withLock { counts in
                counts.requests.add(key)
                if let bucket { counts.observe(1, in: bucket, nanoseconds: nanoseconds) }
            }
        }
    }

    /// Counts a payment attempt's end.
    func recordPayment(_ kind: PaymentKind) {
        payments[kind]?.add(1)
    }

    /// Counts a store failure turned into a 503 (`Refusal.response` calls it, and so does any
    /// other place that answers a `StoreError`).
    func recordStoreError(_ error: StoreError) {
        storeErrors[error.kind]?.add(1)
        if case .unreadable(let record) = error { unreadableRecords[record.reason]?.add(1) }
    }

    /// Counts a pass of the idle sweeper and keeps how long it took.
    func recordSweep(_ duration: Duration) {
        lastSweepNanoseconds.set(Self.nanoseconds(duration))
        sweeps.add(1)
    }

    /// What has been counted so far.
    var snapshot: Snapshot {
        var total = ThreadCounts()
        var requests: [RequestKey: Int] = [:]
        for tally in tallies.all {
            tally.counts.withLock { counts in
                requests.merge(counts.requests.all, uniquingKeysWith: +)
                total.addKeystrokes(of: counts)
            }
        }
        var cumulative = 0
        let buckets = (0...Self.keystrokeBuckets.count).map { bucket in
            cumulative += bucket < total.keystrokes.count ? total.keystrokes[bucket] : 0
            return cumulative
        }
        return Snapshot(
            requests: requests, keystrokeBuckets: buckets,
            keystrokeSeconds: Double(total.keystrokeNanoseconds) / 1e9,
            payments: payments.mapValues(\.value), storeErrors: storeErrors.mapValues(\.value),
            unreadableRecords: unreadableRecords.mapValues(\.value),
            sweeps: sweeps.value, lastSweepSeconds: Double(lastSweepNanoseconds.value) / 1e9)
    }

    /// The counters at one moment; histogram buckets already cumulative, the last one +Inf.
    struct Snapshot: Sendable {
        var requests: [RequestKey: Int]
        var keystrokeBuckets: [Int]
        var keystrokeSeconds: Double
        var payments: [PaymentKind: Int]
        var storeErrors: [StoreError.Kind: Int]
        var unreadableRecords: [UnreadableRecord.Reason: Int]
        var sweeps: Int
        var lastSweepSeconds: Double
    }

    /// The request counts, by key in the order first seen: a few dozen keys (routes that were
    /// asked for, with their statuses and methods), so a walk comparing the status first, then
    /// the route literal (its address, when it is the same literal), finds one faster than a
    /// dictionary hashes it.
    struct RequestCounts: Sendable {
        private var keys: [RequestKey] = []
        private var counts: [Int] = []

        mutating func add(_ key: RequestKey) {
            for index in keys.indices
            where keys[index].status == key.status && keys[index].routeName == key.routeName && keys[index].httpMethod == key.httpMethod {
                counts[index] += 1
                return
            }
            keys.append(key)
            counts.append(1)
        }

        /// Every count by its key.
        var all: [RequestKey: Int] {
            Dictionary(uniqueKeysWithValues: zip(keys, counts))
        }
    }

    /// One thread's requests and keystrokes.
    struct ThreadCounts: Sendable {
        var requests = RequestCounts()
        /// Keystrokes per bucket (not cumulative: the scrape adds them up), the last one +Inf; as
        /// long as the highest bucket seen. Grown by the counting thread, so that its memory
        /// comes from that thread's malloc arena, not next to another thread's buckets.
        var keystrokes: [Int] = []
        var keystrokeNanoseconds = 0

        /// `count` keystrokes in `bucket`, taking `nanoseconds` in all.
        mutating func observe(_ count: Int, in bucket: Int, nanoseconds: Int) {
            growKeystrokes(to: bucket + 1)
            keystrokes[bucket] += count
            keystrokeNanoseconds += nanoseconds
        }

        /// Adds `other`'s keystrokes, bucket by bucket, and their time (a scrape totalling the
        /// threads' counts).
        mutating func addKeystrokes(of other: ThreadCounts) {
            growKeystrokes(to: other.keystrokes.count)
            for (bucket, count) in other.keystrokes.enumerated() { keystrokes[bucket] += count }
            keystrokeNanoseconds += other.keystrokeNanoseconds
        }

        private mutating func growKeystrokes(to count: Int) {
            if keystrokes.count < count { keystrokes += repeatElement(0, count: count - keystrokes.count) }
        }
    }

    /// A thread's counts, on cache lines of their own (`CacheLinePadding` before and after).
    final class Tally: Sendable {
        private let leading = CacheLinePadding()
        let counts = Mutex(ThreadCounts())
        /// `keystrokeBuckets` in nanoseconds, and `keystrokeRoutes`: a copy for each thread, made
        /// apart (not a copy sharing the buffer), since reading an array retains its buffer, whose
        /// reference count would be a line both workers write. Kept rather than read from the
        /// statics, each read of which is a `swift_once` call.
        let keystrokeBounds = Metrics.keystrokeBuckets.map { $0 * 1e9 }
        let keystrokeRoutes = Metrics.keystrokeRoutes.map { $0 }
        private let padding = CacheLinePadding()
    }

    /// One lock-free count.
    final class Counter: Sendable {
        private let atomic = Atomic<Int>(0)
        var value: Int { atomic.load(ordering: .relaxed) }
        func add(_ amount: Int) { atomic.wrappingAdd(amount, ordering: .relaxed) }
        func set(_ value: Int) { atomic.store(value, ordering: .relaxed) }
    }

    /// `duration` in whole nanoseconds, towards zero, clamped to `Int`'s range (past ~292 years).
    /// One division of its attoseconds: `components` splits them into seconds first, ~200
    /// instructions against ~30 (callgrind).
    static func nanoseconds(_ duration: Duration) -> Int {
        Int(clamping: duration.attoseconds / 1_000_000_000)
    }
}

extension Metrics.PaymentKind {
    /// The kind of `outcome`.
    init(_ outcome: PaymentOutcome) {
        self = switch outcome.ending {
        case .succeeded: .succeeded
        case .failed: .failed
        case .aborted: .aborted
        case .unknown: .unknown
        }
    }
}

extension StoreError {
    /// A store error's kind, as the metrics label it.
    enum Kind: String, CaseIterable, Sendable {
        case full, unavailable, unreadable
    }

    var kind: Kind {
        switch self {
        case .full: .full
        case .unavailable: .unavailable
        case .unreadable: .unreadable
        }
    }
}
