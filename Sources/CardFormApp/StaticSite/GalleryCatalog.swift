import CardEngine

/// Every state the gallery shows, by section. Each is a session the real engine is driven into;
/// nothing here is HTML. The test cards are published test numbers (see test-cards.md).
enum GalleryCatalog {
    static let sections: [GallerySection] = [
        cardNumber, cardNetwork, expiryDate, cvv, cardholderName, submitButton, billing, form, locales,
    ]

    /// The options of a form with an amount to pay.
    static let withAmount = #"{"amount": 2499, "currency": "EUR"}"#

    static let cardNumber = GallerySection(
        id: "card-number", title: "Card number",
        note: "Badges follow the network detected from the first digits; the error appears once the number cannot become valid, or when the shopper leaves the field.",
        states: [
            GalleryState(id: "card-number-empty", caption: "Empty", template: "blocks/card-number"),
            GalleryState(id: "card-number-focused", caption: "Focused", template: "blocks/card-number", steps: [.focus(.cardNumber)]),
            GalleryState(id: "card-number-typing", caption: "Typing (Visa detected)", template: "blocks/card-number", steps: [.type(.cardNumber, "4242 42")]),
            GalleryState(id: "card-number-valid", caption: "Valid Visa", template: "blocks/card-number", steps: [.leave(.cardNumber, "4242 4242 4242 4242")]),
            GalleryState(id: "card-number-invalid", caption: "Invalid, with its message", template: "blocks/card-number", steps: [.leave(.cardNumber, "4242 4242 4242 4241")]),
            GalleryState(id: "card-number-amex", caption: "Amex (4-6-5 grouping)", template: "blocks/card-number", steps: [.leave(.cardNumber, "3782 822463 10005")]),
            GalleryState(id: "card-number-cobadged", caption: "Co-badged Cartes Bancaires + Visa", template: "blocks/card-number", steps: [.leave(.cardNumber, "4000 0025 0000 1001")]),
            GalleryState(id: "card-number-eftpos", caption: "EFTPOS + Visa (both badges, no choice)", template: "blocks/card-number", steps: [.leave(.cardNumber, "4000 0503 6000 0001")]),
            GalleryState(id: "card-number-unknown", caption: "Unknown network", template: "blocks/card-number", steps: [.leave(.cardNumber, "9999 9999 9999 9995")]),
            GalleryState(id: "card-number-disabled", caption: "Disabled while processing", template: "blocks/card-number", steps: GalleryStep.processing),
        ])

    static let cardNetwork = GallerySection(
        id: "card-network", title: "Co-badge choice",
        note: "Shown only when the card runs on more than one network and the shopper may choose; it stays enabled while a payment is processing.",
        states: [
            GalleryState(id: "card-network-cobadged", caption: "Cartes Bancaires + Visa (4000 0025 0000 1001)", template: "blocks/card-network", steps: [.leave(.cardNumber, "4000 0025 0000 1001")]),
            GalleryState(id: "card-network-picked", caption: "Cartes Bancaires picked", template: "blocks/card-network", steps: [.leave(.cardNumber, "4000 0025 0000 1001"), .pick(.cartesBancaires)]),
            GalleryState(id: "card-network-mastercard", caption: "Cartes Bancaires + Mastercard", template: "blocks/card-network", steps: [.leave(.cardNumber, "5555 5525 0000 1001")]),
            GalleryState(id: "card-network-card-details", caption: "In the card details section", template: "sections/card-details", steps: [.leave(.cardNumber, "4000 0025 0000 1001")]),
        ])

    static let expiryDate = GallerySection(
        id: "expiry-date", title: "Expiry date",
        note: "MM / YY; the slash is added as the shopper types.",
        states: [
            GalleryState(id: "expiry-date-empty", caption: "Empty", template: "blocks/expiry-date"),
            GalleryState(id: "expiry-date-focused", caption: "Focused", template: "blocks/expiry-date", steps: [.focus(.expiryDate)]),
            GalleryState(id: "expiry-date-valid", caption: "Valid", template: "blocks/expiry-date", steps: [.leave(.expiryDate, "12/30")]),
            GalleryState(id: "expiry-date-invalid", caption: "Invalid, with its message", template: "blocks/expiry-date", steps: [.leave(.expiryDate, "1")]),
            GalleryState(id: "expiry-date-expired", caption: "Expired card", template: "blocks/expiry-date", steps: [.leave(.expiryDate, "01/20")]),
            GalleryState(id: "expiry-date-disabled", caption: "Disabled while processing", template: "blocks/expiry-date", steps: GalleryStep.processing),
        ])

    static let cvv = GallerySection(
        id: "cvv", title: "Security code",
        note: "Always masked and never sent back by the server; its length and hint follow the network.",
        states: [
            GalleryState(id: "cvv-empty", caption: "Empty", template: "blocks/cvv"),
            GalleryState(id: "cvv-focused", caption: "Focused", template: "blocks/cvv", steps: [.focus(.cvv)]),
            GalleryState(id: "cvv-valid", caption: "Valid (the value is never rendered)", template: "blocks/cvv", steps: [.leave(.cvv, "123")]),
            GalleryState(id: "cvv-invalid", caption: "Invalid, with its message", template: "blocks/cvv", steps: [.leave(.cvv, "12")]),
            GalleryState(id: "cvv-visa", caption: "Visa: 3 digits on the back", template: "blocks/cvv", steps: [.leave(.cardNumber, "4242 4242 4242 4242")]),
            GalleryState(id: "cvv-amex", caption: "Amex: 4 digits on the front", template: "blocks/cvv", steps: [.leave(.cardNumber, "3782 822463 10005")]),
            GalleryState(id: "cvv-disabled", caption: "Disabled while processing", template: "blocks/cvv", steps: GalleryStep.processing),
        ])

    static let cardholderName = GallerySection(
        id: "cardholder-name", title: "Name on card",
        note: "Capitalised as typed unless the merchant turns it off.",
        states: [
            GalleryState(id: "cardholder-name-empty", caption: "Empty", template: "blocks/cardholder-name"),
            GalleryState(id: "cardholder-name-focused", caption: "Focused", template: "blocks/cardholder-name", steps: [.focus(.cardholderName)]),
            GalleryState(id: "cardholder-name-valid", caption: "Valid", template: "blocks/cardholder-name", steps: [.leave(.cardholderName, "ada lovelace")]),
            GalleryState(id: "cardholder-name-invalid", caption: "Invalid characters, with its message", template: "blocks/cardholder-name", steps: [.leave(.cardholderName, "Ada <3")]),
            GalleryState(id: "cardholder-name-disabled", caption: "Disabled while processing", template: "blocks/cardholder-name", steps: GalleryStep.processing),
        ])

    static let submitButton = GallerySection(
        id: "submit-button", title: "Pay button and outcome",
        note: "Disabled until the form can be paid; a spinner while processing; then the outcome.",
        states: [
            GalleryState(id: "submit-disabled", caption: "Not ready to pay", template: "blocks/submit-button", options: withAmount),
            GalleryState(id: "submit-ready", caption: "Ready to pay", template: "blocks/submit-button", options: withAmount, steps: GalleryStep.validCard),
            GalleryState(id: "submit-surcharge", caption: "With a card fee", template: "blocks/submit-button", options: #"{"amount": 2499, "currency": "EUR", "surcharges": {"VISA": 109}}"#, steps: GalleryStep.validCard),
            GalleryState(id: "submit-processing", caption: "Processing", template: "blocks/submit-button", options: withAmount, steps: GalleryStep.processing),
            GalleryState(id: "submit-succeeded", caption: "Succeeded", template: "blocks/submit-button", options: withAmount, steps: GalleryStep.processing + [.result(.succeeded(id: "pay_gallery_0001"))]),
            GalleryState(id: "submit-failed", caption: "Declined", template: "blocks/submit-button", options: withAmount, steps: GalleryStep.processing + [.result(.failed(declineCode: "insufficient_funds"))]),
        ])

    /// The billing address as a country sets it up: labels, required marks and the state list.
    static let billing = GallerySection(
        id: "billing", title: "Billing address by country",
        note: "The postal code and state follow the country: their labels, whether they are required, and whether the state is a list.",
        states: [("us", "US", "United States"), ("gb", "GB", "United Kingdom"), ("ca", "CA", "Canada"), ("jp", "JP", "Japan"), ("de", "DE", "Germany")]
            .map { id, code, name in
                GalleryState(
                    id: "billing-\(id)", caption: name, template: "sections/billing-address",
                    options: #"{"requiresBillingAddress": true, "billingFields": ["firstName", "lastName", "email", "countryCode", "addressLine1", "city", "state", "postalCode"]}"#,
                    steps: [.type(.countryCode, code)])
            })

    static let form = GallerySection(
        id: "form", title: "Whole form",
        note: "The form template with every slot at its default, in the states a shopper goes through.",
        states: [
            GalleryState(id: "form-empty", caption: "Empty", template: "form", options: withAmount),
            GalleryState(id: "form-errors", caption: "Pay pressed with nothing filled in", template: "form", options: withAmount, steps: [.submit]),
            GalleryState(id: "form-noscript", caption: "Posted without JavaScript: every error listed", template: "form", options: withAmount, steps: [.submit], noscript: true),
            GalleryState(id: "form-processing", caption: "Processing", template: "form", options: withAmount, steps: GalleryStep.processing),
            GalleryState(id: "form-succeeded", caption: "Succeeded", template: "form", options: withAmount, steps: GalleryStep.processing + [.result(.succeeded(id: "pay_gallery_0001"))]),
            GalleryState(id: "form-save-card", caption: "Signed-in customer: save this card", template: "form", options: #"{"amount": 2499, "currency": "EUR", "customerId": "cus_gallery"}"#),
            GalleryState(id: "form-billing", caption: "With a billing address", template: "form", options: #"{"amount": 2499, "currency": "EUR", "requiresBillingAddress": true}"#, steps: [.type(.countryCode, "FR")]),
        ])

    static let locales = GallerySection(
        id: "locales", title: "Languages",
        note: "The same form in other languages: labels, placeholders, messages and the amount's format.",
        states: [("en", "English"), ("fr", "French"), ("de", "German"), ("es", "Spanish")].map { language, name in
            GalleryState(
                id: "locale-\(language)", caption: name, template: "form",
                options: #"{"amount": 2499, "currency": "EUR", "locale": "\#(language)"}"#,
                steps: [.leave(.cardNumber, "4242 4242 4242 4241")])
        })
}
