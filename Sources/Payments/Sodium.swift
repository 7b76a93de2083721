import CSodium

/// libsodium's one-time set-up.
enum Sodium {
    /// Swift runs a global's initialiser exactly once, thread-safely: that is the "once" libsodium asks for.
    private static let initialized: Int32 = sodium_init()

    /// Initialises libsodium if nothing has yet (cheap after the first call).
    static func ensureInitialized() {
        precondition(initialized >= 0, "libsodium failed to initialise")
    }
}
