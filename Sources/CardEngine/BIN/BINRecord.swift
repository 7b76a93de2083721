/// How a card draws its funds, as BIN data reports it.
public enum FundingType: String, CaseIterable, Sendable, Codable, Hashable {
    case credit, debit, prepaid, charge
}

/// What an issuer's BIN (the first 6–8 digits of its numbers) tells about its cards.
///
/// Co-badging is a property of the issuer's range, not of a scheme prefix: a Cartes Bancaires card
/// sits in Visa's range, and only BIN data says it carries both badges.
public struct BINRecord: Hashable, Sendable {
    /// The 6 to 8 leading digits the record covers.
    public var bin: String
    /// The card's networks in the issuer's order: the first is the issuer's preferred one.
    public var networks: [CardNetwork]
    /// ISO 3166-1 alpha-2 code of the issuer's country, when known.
    public var issuerCountry: String?
    public var fundingType: FundingType?

    public init(bin: String, networks: [CardNetwork], issuerCountry: String? = nil, fundingType: FundingType? = nil) {
        self.bin = bin
        self.networks = networks
        self.issuerCountry = issuerCountry
        self.fundingType = fundingType
    }
}

/// A source of BIN records: the shipped table, an operator's own table, or (in the app) a remote
/// service behind a cache.
///
/// Lookups are synchronous and must be cheap: the session asks on every card-number keystroke once
/// six digits are typed. A remote service does not implement this protocol; the app resolves it
/// outside the session and hands the answer in with `CardSession.resolveBIN(_:record:)`.
public protocol BINLookup: Sendable {
    /// The record for the longest BIN this source knows that starts `digits`, or nil.
    ///
    /// `digits` are the card number's first 6 to 8 ASCII digits: the session never hands a lookup
    /// more of the number than its BIN.
    func record(forNumber digits: String) -> BINRecord?
}
