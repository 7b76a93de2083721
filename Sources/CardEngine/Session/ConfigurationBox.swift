/// A session's configuration held by reference, so that copying a `CardSession` (every keystroke's
/// view takes one: `FormView`) retains one object instead of each of the configuration's dozen
/// strings, arrays and dictionaries, and releases one when the copy goes.
///
/// Immutable: `CardSession.configuration`'s setter puts a new box in place (the merchant's
/// `PATCH`, rare), so a copy of the session never sees another's change. Equal and hashed by the
/// configuration it holds, so sessions still compare by value.
@usableFromInline final class ConfigurationBox: Sendable, Hashable {
    @usableFromInline let value: SessionConfiguration
    /// The fields the form shows and those disabled, as sets: a keystroke asks both of its field,
    /// and asked of `value` they scan two lists and look the field's options up (on a copy of the
    /// whole configuration, as the optimizer reads a method's `self` out of a class).
    let configuredFields: FieldSet
    let disabledFields: FieldSet
    /// The card fields and the active billing fields, as sets: every keystroke's two snapshots
    /// check the session's verdicts against them, where the lists would be walked field by field.
    let cardFields: FieldSet
    let billingFields: FieldSet
    /// The card number's rule for the networks the merchant accepts: made once per configuration,
    /// where every check of the number built it again from the list (~195 instructions).
    let cardNumberRule: CardNumberRule

    init(_ value: SessionConfiguration) {
        self.value = value
        configuredFields = FieldSet(value.configuredFields)
        disabledFields = FieldSet(FieldType.allCases.filter(value.isDisabled))
        cardFields = FieldSet(value.cardFields)
        billingFields = FieldSet(value.activeBillingFields)
        cardNumberRule = CardNumberRule(allowedNetworks: value.orderedAllowedCardNetworks)
    }

    @usableFromInline static func == (lhs: ConfigurationBox, rhs: ConfigurationBox) -> Bool { lhs === rhs || lhs.value == rhs.value }

    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
