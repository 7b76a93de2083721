import CardFormSupport

/// Identifiers this module mints: a prefix naming the kind and 128 random bits.
enum PaymentIdentifier {
    enum Kind: String {
        case payment = "pay_"
        case event = "evt_"
        case savedCard = "card_"
    }

    /// `pay_…`, `evt_…` or `card_…` followed by 26 random base32 characters.
    static func make(_ kind: Kind) -> String { kind.rawValue + RandomToken.make128() }
}
