/// Where BIN data about the number came from (Primer's `binData.status`).
public enum BINDataStatus: String, Sendable, Hashable {
    /// From prefix rules only: co-badging is unknown.
    case partial
    /// From a BIN table or a BIN service.
    case complete
}

/// Primer's `binData`: the issuer's preferred network and the others on the card.
public struct BINData: Hashable, Sendable {
    public var preferred: CardNetwork?
    public var alternatives: [CardNetwork]
    public var status: BINDataStatus

    public init(preferred: CardNetwork?, alternatives: [CardNetwork], status: BINDataStatus) {
        self.preferred = preferred
        self.alternatives = alternatives
        self.status = status
    }
}
