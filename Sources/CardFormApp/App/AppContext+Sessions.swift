import CardEngine

/// Reaching sessions from a route: the store's answers as refusals where a route refuses.
extension AppContext {
    /// The form token of the live session `id`; refuses with the unavailable page otherwise.
    func sessionToken(_ id: Substring) throws(Refusal) -> String {
        try withLiveSession(id) { $0.token }
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
