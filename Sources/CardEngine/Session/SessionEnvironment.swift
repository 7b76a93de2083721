/// What every session shares: the BIN source, the clock and the message catalogs.
public struct SessionEnvironment: Sendable {
    /// The local BIN table (the built-in one, or an operator's, overlaid or alone).
    public var binLookup: any BINLookup
    /// Where "this month" comes from (expiry dates).
    public var clock: EngineClock
    /// Messages by language; a session uses the one for its `locale`.
    public var catalogs: MessageCatalogs

    public init(
        binLookup: any BINLookup = BINTable.default, clock: EngineClock = .system,
        catalogs: MessageCatalogs = MessageCatalogs([:])
    ) {
        self.binLookup = binLookup
        self.clock = clock
        self.catalogs = catalogs
    }
}
