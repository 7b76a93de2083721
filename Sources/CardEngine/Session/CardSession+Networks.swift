/// The networks derived from the card number, recomputed whenever the number, the BIN data or the
/// shopper's pick changes.
struct NetworkState: Hashable, Sendable {
    /// The number's first digits, at most 8: the BIN the data is about.
    var bin = ""
    var digitCount = 0
    /// The BIN data's answer (local table first, then a BIN service's).
    var record: BINRecord?
    /// Whether the local table answered (a BIN service is then not needed).
    var foundLocally = false
    /// The card's networks in the issuer's order (BIN data), or the prefix rules' one network.
    var detected: [CardNetwork] = []
    /// Every network the number may still turn out to be (the rule's input; see `CardNumberRule`).
    var possible: [CardNetwork] = []
    /// `detected`, the merchant's accepted networks first in its order, then the others.
    var available: [CardNetwork] = []
    /// The first detected network the merchant accepts (the issuer's choice among them).
    var preferred: CardNetwork?
    var selected: CardNetwork?
}

/// The shopper's co-badge pick, and the BIN it was made for (a new BIN forgets it).
struct NetworkPick: Hashable, Sendable {
    var network: CardNetwork
    var bin: String
}

/// A BIN service's answer for an 8-digit BIN (nil record: the service does not know it).
struct RemoteBIN: Hashable, Sendable {
    var bin: String
    var record: BINRecord?
}

extension CardSession {
    /// The card's networks: those the merchant accepts first, in `orderedAllowedCardNetworks`
    /// order, then the others; empty until a digit is typed; `OTHER` when no range matches.
    public var availableNetworks: [CardNetwork] { networks.available }

    /// The network shown: the shopper's pick while it is still available, else `binData`'s
    /// preferred network (the one the card is charged on when no network is asked for), else the
    /// first detected. The surcharge follows it.
    public var selectedNetwork: CardNetwork? { networks.selected }

    /// The network the shopper picked on a co-badged card, while it still applies: the only
    /// network a payment asks the processor for (`PaymentRequestDraft.preferredNetwork`).
    public var pickedNetwork: CardNetwork? { pick?.network }

    /// The available networks the merchant accepts: the co-badge choices.
    public var selectableNetworks: [CardNetwork] {
        networks.available.filter(configuration.orderedAllowedCardNetworks.contains)
    }

    /// Whether the shopper picks the network (the co-badge selector shows): BIN data lists more
    /// than one network the merchant accepts, and none is eftpos — with eftpos both badges show and
    /// there is no choice, as in Primer (`selectionDisallowedCardNetworks`).
    public var isNetworkSelectable: Bool {
        guard networks.record != nil else { return false }
        // Counted in one plain loop rather than listed (`selectableNetworks`): every snapshot of a
        // keystroke asks. An eftpos card is never selectable.
        var accepted = 0
        for network in networks.available {
            if network == .eftpos { return false }
            if configuration.orderedAllowedCardNetworks.contains(network) { accepted += 1 }
        }
        return accepted > 1
    }

    /// Primer's `binData`, nil while the number is empty: `preferred` is the first detected
    /// network the merchant accepts (nil if none), `alternatives` the other detected networks,
    /// accepted ones in the merchant's order, then the others (CONTRACT §8).
    public var binData: BINData? {
        guard networks.digitCount > 0 else { return nil }
        return BINData(
            preferred: networks.preferred, alternatives: networks.available.filter { $0 != networks.preferred },
            status: networks.record == nil ? .partial : .complete)
    }

    /// The networks the merchant accepts, in its order (`orderedAllowedCardNetworks`): what an
    /// empty card number field may show as the accepted brands.
    public var acceptedNetworks: [CardNetwork] {
        let allowed = configuration.orderedAllowedCardNetworks
        // Most merchants never list OTHER: their list as it is, shared rather than copied (the
        // card number's state reads it on every render of its block).
        return allowed.contains(.other) ? allowed.filter { $0 != .other } : allowed
    }

    /// What the BIN data says about the issuer (country, funding), when it says anything.
    public var binRecord: BINRecord? { networks.record }

    /// The 8-digit BIN the session would like a BIN service to resolve (hand the answer to
    /// `resolveBIN`), or nil: fewer than 8 digits, the local table knows it, or it was resolved.
    public var pendingBINLookup: String? {
        guard networks.digitCount >= 8, !networks.foundLocally, remoteBIN?.bin != networks.bin else { return nil }
        return networks.bin
    }

    /// The security code the shown network's cards carry (3 or 4 digits, "CVV" while unknown).
    public var securityCode: SecurityCode { (networks.selected ?? .other).rules.securityCode }

    /// The rules (lengths, gaps) of the shown network.
    var shownRules: NetworkRules { (networks.selected ?? .other).rules }

    /// Picks a co-badged card's network. Ignored (nothing changes) unless it is one of
    /// `selectableNetworks` and the session accepts input.
    @discardableResult
    public mutating func selectNetwork(_ network: CardNetwork, in environment: SessionEnvironment) -> SessionChanges {
        guard phase.acceptsInput, isNetworkSelectable, selectableNetworks.contains(network) else { return [] }
        let before = snapshot
        pick = NetworkPick(network: network, bin: networks.bin)
        refreshNetworks(in: environment)
        if shows(.cardNumber) { recheck(.cardNumber, in: environment) }
        refreshDependents(of: .cardNumber, in: environment)
        return changes(since: before)
    }

    /// Hands in a BIN service's answer for an 8-digit BIN (`record` nil: the service does not know
    /// it, so stop asking). Applied at once when the number still starts with `bin`; kept for when
    /// it does again. Returns what changed.
    @discardableResult
    public mutating func resolveBIN(_ bin: String, record: BINRecord?, in environment: SessionEnvironment) -> SessionChanges {
        guard bin.utf8.count == 8, bin.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return [] }
        remoteBIN = RemoteBIN(
            bin: bin,
            record: record.map { BINRecord(bin: bin, networks: $0.networks, issuerCountry: $0.issuerCountry, fundingType: $0.fundingType) })
        guard networks.bin == bin, !networks.foundLocally else { return [] }
        let before = snapshot
        refreshNetworks(in: environment)
        recheck(.cardNumber, in: environment)
        refreshDependents(of: .cardNumber, in: environment)
        return changes(since: before)
    }

    /// Recomputes `networks` from the card number's digits.
    mutating func refreshNetworks(in environment: SessionEnvironment) {
        let digits = Array(values[.cardNumber].utf8.lazy.filter { $0 != 0x20 })
        refreshNetworks(digits: digits, in: environment)
    }

    /// Recomputes `networks` after an edit of the number, which changes neither the configuration
    /// nor the shopper's pick. The networks follow from the BIN (the first 8 digits), its data and
    /// those two, and a BIN's data does not change between keystrokes (the table is the process's;
    /// a BIN service's answer comes through `resolveBIN`, which refreshes the networks itself): an
    /// edit that keeps the BIN they were worked out from (most keystrokes past the 8th digit)
    /// moves only the digit count, with no lookup.
    mutating func refreshNetworks(afterEditing digits: [UInt8], in environment: SessionEnvironment) {
        if !digits.isEmpty, !networks.possible.isEmpty, keepsBIN(digits) {
            networks.digitCount = digits.count
            return
        }
        refreshNetworks(digits: digits, in: environment)
    }

    /// Whether `digits` start with the BIN the networks were worked out from, compared in place:
    /// making a string of them (~170 instructions) or `elementsEqual` over the string's `utf8`
    /// (~400) cost more than the rest of most keystrokes' network work.
    private func keepsBIN(_ digits: [UInt8]) -> Bool {
        var bin = networks.bin
        return bin.withUTF8 { bin in
            guard bin.count == min(digits.count, 8) else { return false }
            for index in bin.indices where bin[index] != digits[index] { return false }
            return true
        }
    }

    mutating func refreshNetworks(digits: [UInt8], in environment: SessionEnvironment) {
        var state = NetworkState()
        state.bin = String(decoding: digits.prefix(8), as: UTF8.self)
        state.digitCount = digits.count
        if digits.count >= 6 {
            // Only the BIN leaves the session for a lookup, never the whole number.
            state.record = environment.binLookup.record(forNumber: state.bin)
            state.foundLocally = state.record != nil
            if state.record == nil, let remoteBIN, remoteBIN.bin == state.bin { state.record = remoteBIN.record }
            // A record naming no network says nothing: the prefix rules decide.
            if state.record?.networks.isEmpty == true { state.record = nil }
        }
        if !digits.isEmpty {
            // The prefix rules read the first 8 digits only, so the same BIN with the same BIN data
            // gives the same networks: most keystrokes past the 8th digit skip the rules.
            let unchanged = state.bin == networks.bin && state.record == networks.record && !networks.possible.isEmpty
            state.possible = unchanged ? networks.possible : CardNumberRule.possibleNetworks(digits, binRecord: state.record)
            // One possible network (most numbers) is shared as it is, not copied into a new list.
            state.detected = state.record == nil && state.possible.count > 1 ? [state.possible[0]] : state.possible
        }
        let allowed = configuration.orderedAllowedCardNetworks
        if state.detected.count == 1, allowed.count(where: { $0 == state.detected[0] }) <= 1 {
            // One network, listed at most once, orders as itself: no filtering into new lists on
            // the keystrokes that change the BIN.
            state.available = state.detected
        } else {
            state.available = allowed.filter(state.detected.contains) + state.detected.filter { !allowed.contains($0) }
        }
        state.preferred = state.detected.first(where: allowed.contains)
        if let pick, pick.bin != state.bin || !state.available.contains(pick.network) { self.pick = nil }
        state.selected = pick?.network ?? state.preferred ?? state.detected.first
        networks = state
    }
}
