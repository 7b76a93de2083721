import CardEngine

/// Everything in a field's data that the session and its configuration decide, the value aside.
///
/// A field's data is built from the language's basics, this state and the value, and from
/// nothing else (`FormView.fieldData` takes no session, on purpose). So two equal states in one
/// language give blocks that differ only where the value is: what `BlockMemo` relies on.
struct FieldState: Hashable, Sendable {
    /// Replaces the language's label (the merchant's, or one that follows the country).
    var label: String?
    /// Replaces the language's placeholder (the merchant's).
    var placeholder: String?
    /// Replaces the language's guide (the merchant's, or the CVV's for the network).
    var guide: String?
    var required: Bool
    var disabled: Bool
    var autoCapitalise: Bool
    var errorMessage: String?
    var errorCode: String?
    var maxLength: Int?
    /// The value is complete and passes the field's rule (`CardSession.isValid(_:)`).
    var valid = false
    /// The merchant's presentation options for the field.
    var look = FieldLook()
    var extras: Extras = .none

    /// What only some fields have.
    enum Extras: Hashable, Sendable {
        case none
        /// The card number's badges, the shown network flagged; the merchant's accepted networks
        /// for the empty field.
        case networks(available: [CardNetwork], shown: CardNetwork?, accepted: [CardNetwork] = [])
        /// The CVV's code name and the digits its hint shows.
        case securityCode(name: String, length: Int)
        /// The country list, the shopper's choice selected.
        case countries(selected: String?)
        /// The state list of a country that has one, the current choice selected.
        case subdivisions(country: String, selected: String?)
        /// A free-text state, with its placeholder.
        case freeText(placeholder: String)
    }
}

extension FieldState {
    /// Hashes what tells most states apart, and only that: the memos keyed by a state
    /// (`LanguagePack.fieldData`, `BlockMemo`) hash one on every render, and the synthesized hash
    /// would hash every network's name and every option too. Equal states still hash alike
    /// (these are some of the fields `==` compares); states that differ only elsewhere share a
    /// hash and are told apart by `==`.
    func hash(into hasher: inout Hasher) {
        hasher.combine(valid)
        hasher.combine(disabled)
        hasher.combine(required)
        hasher.combine(maxLength)
        hasher.combine(errorCode)
        switch extras {
        case .none: hasher.combine(0)
        case .networks(let available, let shown, let accepted): hasher.combine(1 &+ available.count &* 8 &+ accepted.count &* 64 &+ (shown == nil ? 0 : 512))
        case .securityCode(_, let length): hasher.combine(2 &+ length &* 8)
        case .countries: hasher.combine(3)
        case .subdivisions: hasher.combine(4)
        case .freeText: hasher.combine(5)
        }
    }
}
