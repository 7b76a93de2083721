import CardEngine
import CardFormSupport
import Foundation

/// Reaching sessions from a route: the store's answers as refusals where a route refuses.
extension AppContext {
    /// Answers a page event: in one store call, checks the live session's form token against
    /// the one the page sent (`RouteRequest.pageToken`; 403 when it differs or none was handed
    /// on), counts the request as the session's activity at `now` (only token-bearing requests
    /// keep a session alive), then runs `body`.
    func withPage<T: Sendable>(_ request: RouteRequest, now: Date = Date(), _ body: (inout SessionRecord) -> T) throws(Refusal) -> T {
        guard let sent = request.pageToken else { throw .forbidden("missing or wrong form token") }
        let checked: TokenChecked<T> = try withLiveSession(request.id) { record in
            guard RandomToken.constantTimeEquals(sent, record.token) else { return .refused }
            record.lastActiveAt = now
            return .answered(body(&record))
        }
        guard case .answered(let value) = checked else { throw .forbidden("missing or wrong form token") }
        return value
    }

    /// `store.withSession`, with a store failure as the refusal that answers it.
    func lookup<T: Sendable>(_ id: Substring, _ body: (inout SessionRecord) -> T) throws(Refusal) -> SessionLookup<T> {
        do {
            return try store.withSession(id, body)
        } catch {
            throw Refusal(.store(error))
        }
    }

    /// The live session `id`'s answer to `body`; refuses with the unavailable page otherwise.
    func withLiveSession<T: Sendable>(_ id: Substring, _ body: (inout SessionRecord) -> T) throws(Refusal) -> T {
        switch try lookup(id, body) {
        case .live(let value): return value
        case .expired(let record): throw Refusal(.unavailable(expired: true, locale: record.session.locale))
        case .unknown: throw Refusal(.unavailable(expired: false, locale: nil))
        }
    }
}

/// A page event's answer, or its refusal for a wrong token (the record left unchanged).
private enum TokenChecked<T: Sendable>: Sendable {
    case refused
    case answered(T)
}
