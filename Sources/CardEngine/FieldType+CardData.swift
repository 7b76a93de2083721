extension FieldType {
    /// The card number, expiry and CVV: the card data that leaves the server only to the processor
    /// and, as the shopper's own echo, to the page that entered it. Never prefilled, never shown
    /// to another page; the cardholder name and the billing address may be. The table says which
    /// (`FieldRule.describesCard`): whatever is part of the card charged is card data.
    public var isCardData: Bool { spec.rule.describesCard }
}
