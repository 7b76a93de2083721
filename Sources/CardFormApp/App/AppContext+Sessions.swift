import CardEngine
import CardFormSupport
import Foundation

/// Reaching sessions from a route: the store's answers as refusals where a route refuses.
extension AppContext {
    /// Answers a page event: in one store call, checks the live session's form token against
    /// the one the page sent (`RouteRequest.pageToken`; 403 when it differs or none was handed
    /// on), counts the request as the session's activity at `now` (only token-bearing requests
    /// keep a session alive), then runs `body`. The store is handed the same `now`: its own
    /// `Date()` was a second clock read per page event.
    func withPage<T: Sendable>(_ request: RouteRequest, now: Date = Date(), _ body: (inout SessionRecord) -> T) throws(Refusal) -> T {
        guard let sent = request.pageToken else { throw .forbidden("missing or wrong form token") }
        let found: SessionLookup<Checked<T>> = try lookup(request, now: now) { record in
            guard RandomToken.constantTimeEquals(sent, record.token) else { return .refused }
            record.lastActiveAt = now
            return .answered(body(&record))
        }
        // One match down to the body's answer: unwrapping the lookup and then the check in two
        // steps copied the answer (a keystroke's whole page event) at each (~500 instructions);
        // consumed, the answer is moved out rather than copied and the lookup then destroyed.
        switch consume found {
        case .live(.answered(let value)): return value
        case .live(.refused): throw .forbidden("missing or wrong form token")
        case .expired(let record): throw Self.unavailable(expired: record)
        case .unknown: throw Self.unavailable(expired: nil)
        }
    }

    /// `store.withSession` at `now`, with a store failure as the refusal that answers it.
    func lookup<T: Sendable>(
        _ id: Substring, now: Date = Date(), _ body: (inout SessionRecord) -> T
    ) throws(Refusal) -> SessionLookup<T> {
        do {
            if let memoryStore {
                // Unretained: `self.store` holds it while this method runs (see `memoryStore`).
                return try memoryStore._withUnsafeGuaranteedRef { store in
                    Result { () throws(StoreError) in try store.withSession(id, now: now, body) }
                }.get()
            }
            return try store.withSession(id, now: now, body)
        } catch {
            throw Refusal(.store(error))
        }
    }

    /// `lookup` for a route's request. A shell's (`RouteRequest.shell`) has its origin checked
    /// against the session's `allowedOrigins` (an expired one's too) in the same store call,
    /// before `body` runs: another origin is refused (`ShellRoutes.originRefused`), and so is an
    /// unknown session (as the route says), so a shell's event reads the session once.
    func lookup<T: Sendable>(
        _ request: RouteRequest, now: Date = Date(), _ body: (inout SessionRecord) -> T
    ) throws(Refusal) -> SessionLookup<T> {
        guard let shell = request.shell else { return try lookup(request.id, now: now, body) }
        shell.lookingUp()
        let found: SessionLookup<Checked<T>> = try lookup(request.id, now: now) { record in
            shell.admits(record) ? .answered(body(&record)) : .refused
        }
        switch found {
        case .live(.answered(let value)): return .live(value)
        case .live(.refused): throw ShellRoutes.originRefused
        case .expired(let record):
            guard shell.admits(record) else { throw ShellRoutes.originRefused }
            return .expired(record)
        case .unknown: throw shell.unknown
        }
    }

    /// The live session `id`'s answer to `body`; refuses with the unavailable page otherwise.
    func withLiveSession<T: Sendable>(_ id: Substring, _ body: (inout SessionRecord) -> T) throws(Refusal) -> T {
        try Self.live(try lookup(id, body))
    }

    /// A live session's answer; the unavailable page for an expired or unknown one.
    private static func live<T: Sendable>(_ found: SessionLookup<T>) throws(Refusal) -> T {
        switch found {
        case .live(let value): return value
        case .expired(let record): throw unavailable(expired: record)
        case .unknown: throw unavailable(expired: nil)
        }
    }

    /// The unavailable page, for the `expired` session or an unknown one (nil).
    private static func unavailable(expired record: SessionRecord?) -> Refusal {
        Refusal(.unavailable(expired: record != nil, locale: record?.session.locale))
    }
}

/// A body's answer, or its refusal (a wrong token, another origin) with the record left unchanged.
private enum Checked<T: Sendable>: Sendable {
    case refused
    case answered(T)
}
