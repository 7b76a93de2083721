import CardEngine

/// Every state the gallery shows, by section. Each is a session the real engine is driven into;
/// nothing here is HTML. The card numbers are published test numbers (see test-cards.md).
enum GalleryCatalog {
    static let sections: [GallerySection] = [
        cardNumber, cardNetwork, expiryDate, cvv, cardholderName, fieldLook, submitButton, billing, form, locales,
    ]

    static let visa = "4242 4242 4242 4242"
    static let amex = "3782 822463 10005"
    /// Cartes Bancaires and Visa on one card: the shopper may choose.
    static let coBadged = "4000 0025 0000 1001"

    /// The options of a form with an amount to pay.
    static let withAmount = #"{"amount": 2499, "currency": "EUR"}"#

    static let cardNumber = GallerySection(
        id: "card-number", title: "Card number",
        note: "Badges follow the network detected from the first digits; the error appears once the number "
            + "cannot become valid, or when the shopper leaves the field.",
        states: fieldStates("card-number", .cardNumber, valid: visa, invalid: "4242 4242 4242 4241") + [
            state("card-number-typing", "Typing (Visa detected)", "blocks/card-number", [.type(.cardNumber, "4242 42")]),
            state("card-number-amex", "Amex (4-6-5 grouping)", "blocks/card-number", [.leave(.cardNumber, amex)]),
            state("card-number-cobadged", "Co-badged Cartes Bancaires + Visa", "blocks/card-number", [.leave(.cardNumber, coBadged)]),
            state("card-number-eftpos", "EFTPOS + Visa (both badges, no choice)", "blocks/card-number",
                  [.leave(.cardNumber, "4000 0503 6000 0001")]),
            state("card-number-unknown", "Unknown network (refused as soon as it is known)", "blocks/card-number",
                  [.leave(.cardNumber, "9999 9999 9999 9995")]),
        ])

    static let cardNetwork = GallerySection(
        id: "card-network", title: "Co-badge choice",
        note: "Shown only when the card runs on more than one network and the shopper may choose; it stays "
            + "enabled while a payment is processing.",
        states: [
            state("card-network-cobadged", "Cartes Bancaires + Visa (\(coBadged))", "blocks/card-network",
                  [.leave(.cardNumber, coBadged)]),
            state("card-network-picked", "Cartes Bancaires picked", "blocks/card-network",
                  [.leave(.cardNumber, coBadged), .pick(.cartesBancaires)]),
            state("card-network-mastercard", "Cartes Bancaires + Mastercard", "blocks/card-network",
                  [.leave(.cardNumber, "5555 5525 0000 1001")]),
            state("card-network-card-details", "In the card details section", "sections/card-details",
                  [.leave(.cardNumber, coBadged)]),
        ])

    static let expiryDate = GallerySection(
        id: "expiry-date", title: "Expiry date",
        note: "MM / YY; the slash is added as the shopper types.",
        states: fieldStates("expiry-date", .expiryDate, valid: "12/30", invalid: "1") + [
            state("expiry-date-expired", "Expired card", "blocks/expiry-date", [.leave(.expiryDate, "01/20")]),
        ])

    static let cvv = GallerySection(
        id: "cvv", title: "Security code",
        note: "Always masked and never sent back by the server; its length and hint follow the network.",
        states: fieldStates("cvv", .cvv, valid: "123", invalid: "12") + [
            state("cvv-visa", "Visa: 3 digits on the back", "blocks/cvv", [.leave(.cardNumber, visa)]),
            state("cvv-amex", "Amex: 4 digits on the front", "blocks/cvv", [.leave(.cardNumber, amex)]),
        ])

    static let cardholderName = GallerySection(
        id: "cardholder-name", title: "Name on card",
        note: "Capitalised as typed unless the merchant turns it off.",
        states: fieldStates("cardholder-name", .cardholderName, valid: "ada lovelace", invalid: "Ada <3"))

    static let submitButton = GallerySection(
        id: "submit-button", title: "Pay button and outcome",
        note: "Enabled until a payment starts (pressed too early, it shows every error); a spinner while processing; then the outcome.",
        states: [
            state("submit-disabled", "Not complete yet (still enabled)", "blocks/submit-button", options: withAmount),
            state("submit-ready", "Ready to pay", "blocks/submit-button", options: withAmount, GalleryStep.validCard),
            state("submit-surcharge", "With a card fee", "blocks/submit-button",
                  options: #"{"amount": 2499, "currency": "EUR", "surcharges": {"VISA": 109}}"#, GalleryStep.validCard),
            state("submit-processing", "Processing", "blocks/submit-button", options: withAmount, GalleryStep.processing),
            state("submit-succeeded", "Succeeded", "blocks/submit-button", options: withAmount,
                  GalleryStep.processing + [.result(.succeeded(id: "pay_gallery_0001"))]),
            state("submit-failed", "Declined", "blocks/submit-button", options: withAmount,
                  GalleryStep.processing + [.result(.failed(declineCode: "insufficient_funds"))]),
        ])

    /// The billing address as a country sets it up: labels, required marks and the state list.
    static let billing = GallerySection(
        id: "billing", title: "Billing address by country",
        note: "The postal code and state follow the country: their labels, whether they are required, and "
            + "whether the state is a list.",
        states: [("us", "US", "United States"), ("gb", "GB", "United Kingdom"), ("ca", "CA", "Canada"),
                 ("jp", "JP", "Japan"), ("de", "DE", "Germany")].map { id, code, name in
            state("billing-\(id)", name, "sections/billing-address",
                  options: #"{"requiresBillingAddress": true, "billingFields": ["firstName", "lastName", "email", "#
                      + #""countryCode", "addressLine1", "city", "state", "postalCode"]}"#,
                  [.type(.countryCode, code)])
        })

    static let form = GallerySection(
        id: "form", title: "Whole form",
        note: "The form template with every slot at its default, in the states a shopper goes through.",
        states: [
            state("form-empty", "Empty", "form", options: withAmount),
            state("form-errors", "Pay pressed with nothing filled in", "form", options: withAmount, [.submit]),
            state("form-noscript", "Posted without JavaScript: every error listed", "form", options: withAmount,
                  [.submit], noscript: true),
            state("form-processing", "Processing", "form", options: withAmount, GalleryStep.processing),
            state("form-succeeded", "Succeeded", "form", options: withAmount,
                  GalleryStep.processing + [.result(.succeeded(id: "pay_gallery_0001"))]),
            state("form-save-card", "Signed-in customer: save this card", "form",
                  options: #"{"amount": 2499, "currency": "EUR", "customerId": "cus_gallery"}"#),
            state("form-billing", "With a billing address", "form",
                  options: #"{"amount": 2499, "currency": "EUR", "requiresBillingAddress": true}"#, [.type(.countryCode, "FR")]),
        ])

    static let locales = GallerySection(
        id: "locales", title: "Languages",
        note: "The same form in other languages: labels, placeholders, messages and the amount's format.",
        states: [("en", "English"), ("fr", "French"), ("de", "German"), ("es", "Spanish")].map { language, name in
            state("locale-\(language)", name, "form", options: #"{"amount": 2499, "currency": "EUR", "locale": "\#(language)"}"#,
                  [.leave(.cardNumber, "4242 4242 4242 4241")])
        })

    /// The five states every card field has: empty, focused, valid, invalid and disabled while
    /// processing, with ids `<prefix>-empty`…
    private static func fieldStates(_ prefix: String, _ field: FieldType, valid: String, invalid: String) -> [GalleryState] {
        let template = "blocks/\(prefix)"
        return [
            state("\(prefix)-empty", "Empty", template),
            state("\(prefix)-focused", "Focused", template, [.focus(field)]),
            state("\(prefix)-valid", "Valid", template, [.leave(field, valid)]),
            state("\(prefix)-invalid", "Invalid, with its message", template, [.leave(field, invalid)]),
            state("\(prefix)-disabled", "Disabled while processing", template, GalleryStep.processing),
        ]
    }

    static func state(
        _ id: String, _ caption: String, _ template: String, options: String = "{}", _ steps: [GalleryStep] = [],
        noscript: Bool = false
    ) -> GalleryState {
        GalleryState(id: id, caption: caption, template: template, options: options, steps: steps, noscript: noscript)
    }
}
