#if canImport(Glibc)
import Glibc
#endif

/// The open connections as the accepting thread keeps them: how many there are in all and per
/// client address, and by when each must have sent its next request whole.
///
/// Why a deadline per request and not only libmicrohttpd's idle timeout: that one restarts with
/// every byte, so a client sending a byte every few seconds holds its connection for ever. Here a
/// connection must deliver a whole request (head and body, and the TLS handshake before the
/// first) within `requestTimeout` of being accepted or of its previous answer being sent; an idle
/// keep-alive connection is therefore closed after that long too. Waiting for a deferred answer
/// does not count: the deadline stops once the request is in.
///
/// The deadline itself is the connection's `ConnectionActivity`, which its worker sets without
/// any lock (a request in, an answer sent); the table keeps one queue entry per connection, due
/// no later than that deadline, and looks at the activity when the entry falls due. A deadline
/// only ever moves later (each answer's is its send time plus the timeout), so the worker never
/// has to touch the queue or wake the acceptor.
///
/// A state machine (no C, no I/O): the acceptor feeds it events under one lock and closes what it
/// says is overdue. Connections are known by their socket, which libmicrohttpd reports
/// closed before it closes the descriptor, so a socket number is never reused while listed here.
struct ConnectionTable {
    typealias Instant = ContinuousClock.Instant

    /// What the table enforces.
    struct Limits: Sendable {
        /// Open connections in all; past it the acceptor stops accepting.
        var total: Int
        /// Open connections from one client address; past it new ones are closed at once.
        var perAddress: Int
        /// How long a connection has to deliver each request whole.
        var requestTimeout: Duration
    }

    private struct Entry {
        let address: ClientAddress
        /// Tells this connection's queue entry from those of an earlier one on the same socket.
        let generation: UInt32
        /// Its deadline and busy mark, written by its worker.
        let activity: ConnectionActivity
    }

    let limits: Limits
    /// By socket: an array indexed by the descriptor, as the kernel hands out the lowest free one.
    private var entries = SocketSlots<Entry>()
    private var perAddress: [ClientAddress: Int] = [:]
    /// One entry per connection until it is reported overdue, due at or before its deadline: an
    /// entry that falls due early is put back at the deadline (or a timeout later while busy).
    private var deadlines = DeadlineQueue()
    private var generations: UInt32 = 0
    /// What the activities count their nanoseconds from.
    private let origin = ContinuousClock.now

    /// Limits below one are raised to one, and a timeout to a millisecond: a busy connection is
    /// looked at again a timeout after `now`, and with no timeout that is `now` itself, so
    /// `popOverdue` would hand the same entry back for ever, under the acceptor's lock.
    init(limits: Limits) {
        self.limits = Limits(
            total: max(1, limits.total), perAddress: max(1, limits.perAddress),
            requestTimeout: max(.milliseconds(1), limits.requestTimeout))
    }

    /// Open connections.
    var count: Int { entries.count }

    /// Whether no more connections may be accepted until one closes.
    var isFull: Bool { entries.count >= limits.total }

    /// Open connections from `address`.
    func count(from address: ClientAddress) -> Int { perAddress[address] ?? 0 }

    /// A connection was accepted on `socket`. Returns nil when its address already has its share
    /// open (the caller closes it), else whether its deadline is now the earliest (the thread
    /// sleeping until the earliest must then be woken).
    mutating func open(_ socket: Int32, from address: ClientAddress, at now: Instant) -> Bool? {
        // A socket still listed was closed without libmicrohttpd telling us: forget it first.
        _ = closed(socket)
        guard count(from: address) < limits.perAddress else { return nil }
        perAddress[address, default: 0] += 1
        generations &+= 1
        let activity = ConnectionActivity(origin: origin, timeout: limits.requestTimeout, acceptedAt: now)
        entries[socket] = Entry(address: address, generation: generations, activity: activity)
        return enqueue(socket, generations, at: now + limits.requestTimeout)
    }

    /// The activity of the connection on `socket`, or nil if none is listed. Its worker marks a
    /// request in whole (the deadline then no longer applies) and sets the next deadline with
    /// each answer (`ConnectionActivity.answerSent(at:)`).
    func activity(on socket: Int32) -> ConnectionActivity? {
        entries[socket]?.activity
    }

    /// The connection closed. Returns whether the table was full until now (the acceptor, which
    /// stopped accepting, must then be woken).
    mutating func closed(_ socket: Int32) -> Bool {
        let wasFull = isFull
        guard let entry = entries.removeValue(forKey: socket) else { return false }
        let remaining = (perAddress[entry.address] ?? 1) - 1
        perAddress[entry.address] = remaining > 0 ? remaining : nil
        return wasFull
    }

    /// A socket whose deadline has passed at `now`, or nil. It is reported once (its queue entry
    /// is not put back), and stays listed until it is `closed`. A connection whose request is in
    /// (busy) is not reported: it is looked at again a timeout later, by when its answer, if
    /// sent, has set a deadline no earlier. An answer whose worker read the clock before that look
    /// but stored the deadline after it has its deadline enforced late by the time in between:
    /// usually a few instructions, but as long as the worker was preempted there.
    mutating func popOverdue(at now: Instant) -> Int32? {
        while let key = deadlines.popDue(at: now) {
            let (socket, generation) = Self.split(key)
            guard let entry = entries[socket], entry.generation == generation else { continue }
            guard let deadline = entry.activity.deadline else {
                _ = enqueue(socket, generation, at: now + limits.requestTimeout)
                continue
            }
            guard deadline <= now else {
                _ = enqueue(socket, generation, at: deadline)
                continue
            }
            return socket
        }
        return nil
    }

    /// Entries in the deadline queue, live or left by closed connections (for tests: a busy
    /// connection looked at again must replace its entry, not add one).
    var queuedCount: Int { deadlines.count }

    /// How long to sleep until the earliest deadline (see `DeadlineQueue`); -1 when none.
    func millisecondsUntilNextDeadline(from now: Instant) -> Int32 {
        deadlines.millisecondsUntilEarliest(from: now)
    }

    private mutating func enqueue(_ socket: Int32, _ generation: UInt32, at deadline: Instant) -> Bool {
        // Entries of closed connections stay in the queue until due; bound what they hold.
        if deadlines.count > 2 * entries.count + 64 {
            let live = entries
            deadlines.compact { key in
                let (socket, generation) = Self.split(key)
                return live[socket].map { $0.generation == generation } ?? false
            }
        }
        return deadlines.insert(UInt64(UInt32(bitPattern: socket)) | UInt64(generation) << 32, at: deadline)
    }

    private static func split(_ key: UInt64) -> (socket: Int32, generation: UInt32) {
        (Int32(bitPattern: UInt32(truncatingIfNeeded: key)), UInt32(truncatingIfNeeded: key >> 32))
    }
}

/// A client address as the per-address limit counts it: an IPv4 address, or the /64 prefix of
/// an IPv6 one (what one subscriber is usually given, so one cannot open a share per address).
struct ClientAddress: Hashable, Sendable {
    private let family: UInt8
    private let bits: UInt64

    /// IPv4, from its 32 bits in host order.
    init(ipv4: UInt32) {
        family = 4
        bits = UInt64(ipv4)
    }

    /// IPv6, from its first 64 bits in host order.
    init(ipv6Prefix: UInt64) {
        family = 6
        bits = ipv6Prefix
    }

    /// The address written as text (`127.0.0.1`, `2001:db8::1`); nil when it is neither.
    init?(text: String) {
        var inet = sockaddr_in()
        var inet6 = sockaddr_in6()
        if inet_pton(AF_INET, text, &inet.sin_addr) == 1 {
            self.init(ipv4: UInt32(bigEndian: inet.sin_addr.s_addr))
        } else if inet_pton(AF_INET6, text, &inet6.sin6_addr) == 1 {
            inet6.sin6_family = sa_family_t(AF_INET6)
            guard let address = withUnsafePointer(to: &inet6, {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ClientAddress($0) }
            }) else { return nil }
            self = address
        } else {
            return nil
        }
    }

    /// The address of a socket address; nil for families other than IPv4 and IPv6.
    init?(_ address: UnsafePointer<sockaddr>) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            self.init(ipv4: address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt32(bigEndian: $0.pointee.sin_addr.s_addr)
            })
        case AF_INET6:
            self.init(ipv6Prefix: address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet6 in
                withUnsafeBytes(of: inet6.pointee.sin6_addr) { bytes in
                    bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                }
            })
        default:
            return nil
        }
    }
}
