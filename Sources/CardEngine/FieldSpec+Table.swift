extension FieldType {
    /// This field's entry in the field table.
    ///
    /// Inlinable so that a read from another module (`field.spec.presentation` in the view model)
    /// takes the member from the table in place, as one here does, rather than a copy of the entry.
    @inlinable public var spec: FieldSpec { FieldSpec.table[position] }
}

extension FieldSpec {
    /// Every entry, at its field's `position` (a test checks each entry is its field's).
    ///
    /// Read through a list rather than returned by a `switch` over the entries: after a switch,
    /// reading one member (`field.spec.rule`) copies the whole entry, a dozen strings and lists
    /// retained and released, several times a keystroke; from a list the member is read in place.
    @usableFromInline static let table: [FieldSpec] = [
        cardNumber, expiryDate, cvv, cardholderName, firstName, lastName, email, phoneNumber,
        addressLine1, addressLine2, city, state, postalCode, countryCode,
    ]
}

extension FieldSpec {
    static let cardNumber = card(
        .cardNumber, "card-number", autocomplete: "cc-number", inputMode: "numeric", separators: " ", digitsOnly: true,
        rule: .cardNumber, dependents: [.cvv], readBack: .masked, presentation: .networkBadges,
        sample: "4242 4242 4242 4242")
    static let expiryDate = card(
        .expiryDate, "expiry-date", autocomplete: "cc-exp", inputMode: "numeric", separators: "/", rule: .expiryDate,
        sample: "12/30")
    static let cvv = card(
        .cvv, "cvv", autocomplete: "cc-csc", inputMode: "numeric", inputType: "password", digitsOnly: true,
        rule: .securityCode, readBack: .never, presentation: .securityCodeHint, sample: "123")
    static let cardholderName = card(
        .cardholderName, "cardholder-name", autocomplete: "cc-name", capitalises: true, rule: .cardholderName,
        sample: "Ada Lovelace")

    static let firstName = billing(
        .firstName, "first-name", autocomplete: "given-name", capitalises: true,
        rule: BillingRule(.personName, code: "invalid-first-name", length: 1...100), sample: "Ada")
    static let lastName = billing(
        .lastName, "last-name", autocomplete: "family-name", capitalises: true,
        rule: BillingRule(.personName, code: "invalid-last-name", length: 1...100), sample: "Lovelace")
    static let email = billing(
        .email, "email", autocomplete: "email", inputMode: "email", inputType: "email",
        rule: BillingRule(.email, code: "invalid-email", length: 3...254, inputLimit: 320, byteLimit: 254 + 64),
        sample: "ada@example.com")
    static let phoneNumber = billing(
        .phoneNumber, "phone-number", autocomplete: "tel", inputMode: "tel", inputType: "tel",
        rule: BillingRule(.phoneNumber, input: .phone, code: "invalid-phone-number", length: 7...15, inputLimit: 32, byteLimit: 64),
        sample: "+1 415 555 0100")
    static let countryCode = billing(
        .countryCode, "country-code", autocomplete: "country",
        rule: BillingRule(.country, input: .countryCode, code: "invalid-country", length: 2...2, inputLimit: 2, byteLimit: 64),
        dependents: [.postalCode, .state, .city], relabelsOtherFields: true, presentation: .countryList, sample: "US")
    static let addressLine1 = billing(
        .addressLine1, "address-line1", autocomplete: "address-line1", capitalises: true,
        rule: BillingRule(.addressLine, code: "invalid-address-line1", length: 3...100), sample: "1 Market Street")
    static let addressLine2 = billing(
        .addressLine2, "address-line2", autocomplete: "address-line2", capitalises: true, required: false,
        rule: BillingRule(.addressLine, code: "invalid-address-line2", length: 0...100), sample: "Suite 2")
    static let city = billing(
        .city, "city", autocomplete: "address-level2", capitalises: true, required: false,
        rule: BillingRule(.placeName, code: "invalid-city", length: 1...100), followsCountry: .locality,
        sample: "San Francisco")
    static let state = billing(
        .state, "state", autocomplete: "address-level1", capitalises: true, required: false,
        rule: BillingRule(.subdivision, code: "invalid-state", length: 1...100), followsCountry: .subdivision,
        presentation: .subdivisionList, sample: "CA")
    static let postalCode = billing(
        .postalCode, "postal-code", autocomplete: "postal-code", required: false,
        rule: BillingRule(.postalCode, input: .postalCode, code: "invalid-postal-code", length: 2...12, inputLimit: 16, byteLimit: 64),
        followsCountry: .postalCode, sample: "94103")

    /// A card section entry: required by default, no country involved.
    private static func card(
        _ field: FieldType, _ block: String, autocomplete: String, inputMode: String = "text", inputType: String = "text",
        separators: String = "", digitsOnly: Bool = false, capitalises: Bool = false, rule: FieldRule,
        dependents: [FieldType] = [], readBack: ReadBack = .shown, presentation: Presentation = .plain, sample: String
    ) -> FieldSpec {
        FieldSpec(
            field: field, section: .card, blockName: block, autocomplete: autocomplete, inputMode: inputMode,
            inputType: inputType, separators: separators, isDigitsOnly: digitsOnly, capitalisesByDefault: capitalises,
            isRequiredByDefault: true, rule: rule, dependents: dependents, followsCountry: nil, relabelsOtherFields: false,
            readBack: readBack, presentation: presentation, sampleValue: sample)
    }

    /// A billing section entry: free text unless said otherwise, its value shown as typed.
    private static func billing(
        _ field: FieldType, _ block: String, autocomplete: String, inputMode: String = "text", inputType: String = "text",
        capitalises: Bool = false, required: Bool = true, rule: BillingRule, followsCountry: AddressPart? = nil,
        dependents: [FieldType] = [], relabelsOtherFields: Bool = false, presentation: Presentation = .plain,
        sample: String
    ) -> FieldSpec {
        FieldSpec(
            field: field, section: .billing, blockName: block, autocomplete: autocomplete, inputMode: inputMode,
            inputType: inputType, separators: "", isDigitsOnly: false, capitalisesByDefault: capitalises,
            isRequiredByDefault: required, rule: .billing(rule), dependents: dependents, followsCountry: followsCountry,
            relabelsOtherFields: relabelsOtherFields, readBack: .shown, presentation: presentation, sampleValue: sample)
    }
}
