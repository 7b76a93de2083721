import Mustache

extension GalleryCatalog {
    /// The merchant's field options (`fields.<name>`, Templates/README.md "Field look").
    static let fieldLook = GallerySection(
        id: "field-look", title: "Field look options",
        note: "What the merchant's per-field options change: the valid tick, the hint icon, the tooltip (shown "
            + "here as on hover), the required mark, floating and hidden labels, the error above the input, and "
            + "the security code's show/hide toggle.",
        states: [
            state("look-valid-icon", "Valid, with displayValidIcon", "blocks/cardholder-name",
                  options: #"{"fields": {"cardholderName": {"displayValidIcon": true}}}"#, [.leave(.cardholderName, "Ada Lovelace")]),
            state("look-hint", "Guide text with showHintIcon", "blocks/cardholder-name",
                  options: #"{"fields": {"cardholderName": {"showHintIcon": true, "guideText": "As printed on the card"}}}"#),
            state("look-tooltip", "showTooltip with its accessible label", "blocks/cvv",
                  options: #"{"fields": {"cvv": {"showTooltip": true, "tooltipText": "The 3 digits printed on the back", "#
                      + #""tooltipAccessibilityLabel": "About the security code"}}}"#),
            state("look-required-icon", "displayRequiredIcon", "blocks/cardholder-name",
                  options: #"{"fields": {"cardholderName": {"displayRequiredIcon": true}}}"#),
            state("look-floating-empty", "Floating label, empty", "blocks/cardholder-name",
                  options: #"{"fields": {"cardholderName": {"labelPosition": "floating"}}}"#),
            state("look-floating-filled", "Floating label, filled", "blocks/cardholder-name",
                  options: #"{"fields": {"cardholderName": {"labelPosition": "floating"}}}"#, [.leave(.cardholderName, "Ada Lovelace")]),
            state("look-hidden-label", "Hidden label (still read by screen readers)", "blocks/expiry-date",
                  options: #"{"fields": {"expiryDate": {"labelPosition": "hidden"}}}"#),
            state("look-error-above", "Error above the input", "blocks/card-number",
                  options: #"{"fields": {"cardNumber": {"invalidTextPosition": "above"}}}"#, [.leave(.cardNumber, "4242 4242 4242 4241")]),
            GalleryState(id: "look-cvv-shown", caption: "showMaskToggle: the security code shown", template: "blocks/cvv",
                         options: #"{"fields": {"cvv": {"showMaskToggle": true}}}"#, steps: [.leave(.cardNumber, visa)], showsCVV: true),
        ])
}

extension TemplateValue {
    /// This object with `value` at `path`, objects made where missing; anything else unchanged.
    func setting(_ value: TemplateValue, at path: [String]) -> TemplateValue {
        guard let key = path.first else { return value }
        guard case .object(var object) = self else { return self }
        object[key] = (object[key] ?? .object([:])).setting(value, at: Array(path.dropFirst()))
        return .object(object)
    }
}
