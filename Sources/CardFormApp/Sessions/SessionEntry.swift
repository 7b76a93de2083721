import CardEngine
import Synchronization

/// One session as the server keeps it: the engine's state, the form token, and what each open
/// page was last sent. A class for identity: every request for the session locks the same entry,
/// so events for one session run one at a time while other sessions go on in parallel.
final class SessionEntry: Sendable {
    let id: String
    /// The secret a page must send with every browser POST (`X-CardForm-Token` or `_token`).
    let token: String
    let createdAt: ContinuousClock.Instant
    let state: Mutex<SessionRecord>
    /// When the session was last used, in nanoseconds of the store's clock: read by the sweeper
    /// without taking the session's lock.
    let lastActiveNanos: Atomic<Int64>

    init(id: String, token: String, session: CardSession, now: ContinuousClock.Instant, origin: ContinuousClock.Instant) {
        self.id = id
        self.token = token
        self.createdAt = now
        self.state = Mutex(SessionRecord(session: session))
        self.lastActiveNanos = Atomic(Self.nanos(now, since: origin))
    }

    static func nanos(_ instant: ContinuousClock.Instant, since origin: ContinuousClock.Instant) -> Int64 {
        let (seconds, attoseconds) = (instant - origin).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// The mutable part of a session entry, always accessed under its lock.
struct SessionRecord: Sendable {
    var session: CardSession
    /// Pages open on this session, the most recently used last; at most `maxPages`.
    var pages: [PageState] = []

    static let maxPages = 4

    /// The page with `id`, or `nil` when it is unknown (never opened, or pushed out by newer pages).
    func page(_ id: String) -> PageState? { pages.last { $0.id == id } }

    /// Removes and returns the page with `id`, to be changed and `remember`ed: taken out, its
    /// hashes are changed in place rather than copied (a keystroke changes one of dozens).
    mutating func takePage(_ id: String) -> PageState? {
        guard let index = pages.lastIndex(where: { $0.id == id }) else { return nil }
        return pages.remove(at: index)
    }

    /// Stores `page` as the most recently used, dropping the oldest beyond `maxPages`.
    mutating func remember(_ page: PageState) {
        pages.removeAll { $0.id == page.id }
        pages.append(page)
        if pages.count > Self.maxPages { pages.removeFirst(pages.count - Self.maxPages) }
    }
}
