extension StoreConfiguration.Backend {
    /// The store sessions live in: this process's memory, or Redis (shared by every instance,
    /// over the backend's one connection pool).
    func sessionStore(lifetime: SessionLifetime, capacity: Int) -> any SessionStore {
        switch self {
        case .memory:
            MemorySessionStore(lifetime: lifetime, capacity: capacity)
        case .redis(let pool, let box):
            RedisSessionStore(pool: pool, box: box, lifetime: lifetime, capacity: capacity)
        }
    }

    /// Whether other instances share the sessions (a payment may end on another instance).
    var isShared: Bool {
        if case .redis = self { return true }
        return false
    }
}
