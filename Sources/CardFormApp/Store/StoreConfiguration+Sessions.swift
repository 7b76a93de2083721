extension StoreConfiguration.Backend {
    /// The store sessions live in.
    ///
    /// Throws for Redis: `store.url` is read and checked, but this build has no Redis session
    /// store, and keeping sessions in memory instead would strand shoppers whose next request a
    /// balancer sends to another instance. The server refuses to start (exit 2) rather than run
    /// with a setting that does nothing.
    func sessionStore(ttl: Duration, capacity: Int) throws(ServerConfigurationError) -> any SessionStore {
        switch self {
        case .memory:
            return MemorySessionStore(ttl: ttl, capacity: capacity)
        case .redis:
            throw ServerConfigurationError(
                key: "store.url", problem: "the Redis session store is not available in this build yet", source: "configuration")
        }
    }
}
