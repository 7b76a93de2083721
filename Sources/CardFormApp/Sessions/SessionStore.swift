import CardEngine
import Foundation

/// Where sessions live: the only way to reach a `SessionRecord`.
///
/// A store serialises the events of one session while other sessions go on in parallel. It may
/// keep records in memory (`MemorySessionStore`) or elsewhere; to allow an optimistic store
/// (read, change, write if nobody wrote in between, else try again), `withSession`'s body may run
/// more than once, on a fresh copy each time. A body therefore only changes the record and
/// returns a value: whatever it decides to do outside the record (start a payment, wake a page)
/// is returned and done by the caller after `withSession` returns.
protocol SessionStore: Sendable {
    /// Creates a session with a fresh random id and form token; `make` builds the engine state
    /// for the id. Throws `.full` at the store's capacity.
    func create(now: Date, _ make: (_ id: String) -> CardSession) throws(StoreError) -> SessionRecord

    /// Runs `body` on the live session `id` and returns what it returns; an expired session is
    /// handed back as it is, without running `body`. Reading is not a use: a body that answers the
    /// page holding the token sets `lastActiveAt` itself (`AppContext.withPage`), so a `GET` of
    /// the page or an API read never keeps a session alive. `now` is the time the store checks
    /// the session's lifetime against.
    func withSession<T: Sendable>(_ id: Substring, now: Date, _ body: (inout SessionRecord) -> T) throws(StoreError) -> SessionLookup<T>

    /// Retires sessions whose time is up at `now` (`SessionLifetime`: idle or too old; one whose
    /// payment is in flight waits for its result) and forgets retired ones past the retention. Returns the ids
    /// retired now: their vaulted cards and waiting pages are the caller's to release. A record
    /// this build cannot read is passed over and reported, not fatal to the pass: one damaged or
    /// newer-format record must not leave every session due after it unretired.
    func sweep(now: Date) throws(StoreError) -> SweepResult

    /// Live (not retired) sessions.
    func liveCount() throws(StoreError) -> Int

    /// Returns when the store answers, throws `.unavailable` when it does not within a short
    /// timeout (`GET /readyz`).
    func checkReachable() throws(StoreError)

    /// Whether a request waits on the network for this store (a round trip per keystroke). The
    /// HTTP daemon then runs two worker threads per core, so that one runs while the other waits.
    var waitsOnNetwork: Bool { get }
}

/// What `withSession` found.
enum SessionLookup<T: Sendable>: Sendable {
    /// A live session: the body's result.
    case live(T)
    /// A retired session, as it was left: readable (its state JSON, its locale), not changeable.
    case expired(SessionRecord)
    /// No such session (never created, forgotten, or an id of the wrong shape).
    case unknown
}

/// Why a store could not do what was asked.
enum StoreError: Error, Equatable, Sendable {
    /// The store holds as many live sessions as it may.
    case full
    /// The store cannot be reached or answered wrongly; the reason is for the log, not the shopper.
    case unavailable(String)
    /// The store holds the session's record but this instance cannot read it (a newer build's
    /// format, another `store.key`, damage): logged and counted apart from an outage.
    case unreadable(UnreadableRecord)
}

extension SessionStore {
    /// `withSession` at the current time.
    func withSession<T: Sendable>(_ id: Substring, _ body: (inout SessionRecord) -> T) throws(StoreError) -> SessionLookup<T> {
        try withSession(id, now: Date(), body)
    }
}

/// What a sweep did: the sessions it retired, and the due records it could not read (left where
/// they are: the next pass, or an instance that reads them, tries again).
struct SweepResult: Sendable, Equatable {
    var retired: [String] = []
    var unreadable: [UnreadableRecord] = []
}
