import CardEngine
import Mustache

extension FormView {
    /// One field's data (`fields.<name>`): hooks, strings, value, error, and per-field extras.
    /// Starts from what the language alone decides (`LanguagePack.fieldBasics`), built once.
    func field(_ field: FieldType) -> TemplateValue {
        let name = field.rawValue
        let options = configuration.options(for: field)
        let error = session.fieldErrors.first { $0.field == field }
        var object = pack.fieldBasics[field] ?? [:]
        if let label = options.label ?? label(field) { object["label"] = .string(label) }
        if let placeholder = options.placeholder { object["placeholder"] = .string(placeholder) }
        if let guide = options.guideText ?? guideText(field) { object["guideText"] = .string(guide) }
        if object["guideText"] != nil { object["describedBy"] = .string("\(name)-error \(name)-guide") }
        object["value"] = .string(session.value(for: field))
        object["required"] = .bool(isRequired(field))
        object["disabled"] = .bool(options.disabled || session.isLoading || !session.phase.acceptsInput)
        object["invalid"] = .bool(error != nil)
        object["ariaInvalid"] = .string(error != nil ? "true" : "false")
        object["autoCapitalise"] = .bool(options.autoCapitalise ?? Self.capitalisesByDefault(field))
        if let error {
            object["error"] = .string(session.message(for: error))
            object["errorCode"] = .string(error.issue.code)
        }
        if let maxLength = session.maxLength(for: field) { object["maxlength"] = .number(Double(maxLength)) }
        switch field {
        case .cardNumber: addNetworks(to: &object)
        case .cvv:
            object["codeName"] = .string(session.securityCode.name)
            // The hint shows where the code is: the front for 4 digits (Amex), the back otherwise,
            // and the back while the network is still unknown (most cards).
            let shown = session.selectedNetwork == nil ? 3 : session.securityCode.maxLength
            object["length"] = .number(Double(shown))
        case .countryCode: object["options"] = .list(countryOptions())
        case .state: addSubdivisions(to: &object)
        default: break
        }
        return .object(object)
    }

    /// What a field's data holds whatever the session: names, ids, input attributes, and the
    /// language's label, placeholder and guide (a session's options or country may replace them).
    static func basics(_ field: FieldType, catalog: MessageCatalog) -> [String: TemplateValue] {
        let name = field.rawValue
        var object: [String: TemplateValue] = [
            "name": .string(name),
            "id": .string("cf-\(name)"),
            "errorId": .string("\(name)-error"),
            "guideId": .string("\(name)-guide"),
            "describedBy": .string("\(name)-error"),
            "label": .string(catalog.string("label.\(name)") ?? name),
            "placeholder": .string(catalog.string("placeholder.\(name)") ?? ""),
            "autocomplete": .string(field.autocomplete),
            "inputmode": .string(inputMode(field)),
            "type": .string(inputType(field)),
        ]
        if let guide = catalog.string("guide.\(name)") { object["guideText"] = .string(guide) }
        // Room for what `field(_:)` adds to its copy, so that copy never grows and rehashes.
        object.reserveCapacity(32)
        return object
    }

    /// The badges inside the card-number field: every available network (both badges for an
    /// EFTPOS co-badge), the shown one flagged.
    private func addNetworks(to object: inout [String: TemplateValue]) {
        let networks = session.availableNetworks.filter { $0 != .other || session.availableNetworks.count == 1 }
        object["networks"] = .list(networks.map { network in
            [
                "id": .string(network.rawValue), "name": .string(network.displayName),
                "icon": .string(icon(for: network)), "selected": .bool(network == session.selectedNetwork),
            ]
        })
        if let shown = session.selectedNetwork {
            object["network"] = ["id": .string(shown.rawValue), "name": .string(shown.displayName), "icon": .string(icon(for: shown))]
        }
    }

    /// Every country in the page's language, the shopper's choice selected.
    private func countryOptions() -> [TemplateValue] {
        var options = pack.countryOptions
        if let code = session.selectedCountry, let index = options.firstIndex(where: { $0["value"] == .string(code) }) {
            if case .object(var option) = options[index] {
                option["selected"] = true
                options[index] = .object(option)
            }
        }
        return options
    }

    /// A list of the country's subdivisions when it has one; free text otherwise.
    private func addSubdivisions(to object: inout [String: TemplateValue]) {
        guard let country = session.country, country.hasSubdivisions else {
            object["hasOptions"] = false
            // "Select…" belongs to the list; typed text gets the free-text placeholder, if any.
            object["placeholder"] = .string(configuration.options(for: .state).placeholder ?? pack.string("placeholder.stateText") ?? "")
            return
        }
        let current = country.subdivision(matching: session.value(for: .state))
        object["hasOptions"] = true
        object["options"] = .list(country.subdivisions.map { subdivision in
            [
                "value": .string(subdivision.code),
                "label": .string(country.displayName(of: subdivision, locale: pack.language)),
                "selected": .bool(subdivision == current),
            ]
        })
    }

    /// The label for postal code, state and city, which follows the selected country (a country's
    /// own key first: `label.postalCode.GB` is "Postcode"); nil keeps the language's label.
    private func label(_ field: FieldType) -> String? {
        let name = field.rawValue
        guard [.postalCode, .state, .city].contains(field) else { return nil }
        if let country = session.country {
            if let own = pack.string("label.\(name).\(country.code)") { return own }
            if let key = BillingRules.labelKeys(for: country)[field], let kind = pack.string("label.\(key)") { return kind }
        }
        return pack.string("label.\(name).default") ?? pack.string("label.city.city") ?? name
    }

    /// The CVV's guide follows the network (Amex prints it on the front); nil keeps the
    /// language's guide for the field, if any.
    private func guideText(_ field: FieldType) -> String? {
        guard field == .cvv else { return nil }
        if session.selectedNetwork == .amex { return pack.string("guide.cvvAmex") }
        if session.selectedNetwork == nil { return pack.string("guide.cvvAny") }
        return nil
    }

    /// Whether the field is marked required: the merchant's word, else the country's for city,
    /// state and postal code.
    private func isRequired(_ field: FieldType) -> Bool {
        if let required = configuration.options(for: field).required { return required }
        let country = session.country
        switch field {
        case .city: return country?.requiresCity ?? false
        case .state: return country?.requiresState ?? false
        case .postalCode: return country?.requiresPostalCode ?? false
        default: return configuration.isRequired(field)
        }
    }

    static func inputMode(_ field: FieldType) -> String {
        switch field {
        case .cardNumber, .expiryDate, .cvv: "numeric"
        case .email: "email"
        case .phoneNumber: "tel"
        default: "text"
        }
    }

    static func inputType(_ field: FieldType) -> String {
        switch field {
        case .cvv: "password"
        case .email: "email"
        case .phoneNumber: "tel"
        default: "text"
        }
    }

    static func capitalisesByDefault(_ field: FieldType) -> Bool {
        [.cardholderName, .firstName, .lastName, .city, .addressLine1, .addressLine2, .state].contains(field)
    }
}
