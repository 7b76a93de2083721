import CardEngine
import Mustache

extension FormView {
    /// One field's data (`fields.<name>`): hooks, strings, value, error, and per-field extras.
    func field(_ field: FieldType) -> TemplateValue {
        Self.fieldData(field, state: fieldState(field), value: shownValue(for: field), pack: pack, icons: resources.networkIcons)
    }

    /// The field's value as this page may see it: a card field's only if the page entered it.
    func shownValue(for field: FieldType) -> String {
        field.isCardData && !context.cardFieldsShown.contains(field) ? "" : session.value(for: field)
    }

    /// What a field's block reads when it reads only its field and the strings (`BlockMemo`'s
    /// case): `data(only:reading:)` for those two keys, from a state already at hand and any value.
    func fieldBlockData(_ field: FieldType, state: FieldState, value: String) -> TemplateValue {
        let data = Self.fieldData(field, state: state, value: value, pack: pack, icons: resources.networkIcons)
        var fields = TemplateObject(minimumCapacity: 1)
        fields[Self.fieldKey(field)] = data
        var root = TemplateObject(minimumCapacity: 2)
        root[BlockKeys.fields] = .object(fields)
        root[BlockKeys.strings] = pack.strings
        return .object(root)
    }

    /// The two top-level keys a field's block reads, hashed once.
    private enum BlockKeys {
        static let fields = TemplateObject.HashedKey("fields")
        static let strings = TemplateObject.HashedKey("t")
    }

    /// `field`'s key in `fields`, hashed once: every render sets each configured field's.
    static func fieldKey(_ field: FieldType) -> TemplateObject.HashedKey {
        fieldKeys.first { $0.field == field }?.key ?? TemplateObject.HashedKey(field.rawValue)
    }

    private static let fieldKeys: [(field: FieldType, key: TemplateObject.HashedKey)] =
        FieldType.allCases.map { ($0, TemplateObject.HashedKey($0.rawValue)) }

    /// What the session and its configuration decide of `field`'s data, its value aside.
    func fieldState(_ field: FieldType) -> FieldState {
        // From the session's own configuration: `configuration` would copy it out first.
        let options = session.configuration.options(for: field)
        // Only the members read, each once: a whole `FieldSpec` would be copied out with its lists.
        let followsCountry = field.spec.followsCountry
        let presentation = field.spec.presentation
        let error = session.fieldErrors.first { $0.field == field }
        // Built in one go, its extras included: a state made and then amended is copied whole.
        return FieldState(
            label: shownLabel(field, options: options, followsCountry: followsCountry), placeholder: options.placeholder,
            guide: options.guideText ?? guideText(presentation), required: isRequired(field, followsCountry: followsCountry, options: options),
            disabled: options.disabled || session.isLoading || !session.phase.acceptsInput,
            autoCapitalise: options.autoCapitalise ?? field.spec.capitalisesByDefault,
            errorMessage: error.map { session.message(for: $0, catalog: pack.catalog) }, errorCode: error?.issue.code,
            maxLength: session.maxLength(for: field), valid: session.isValid(field), look: options.look,
            extras: extras(field, presentation: presentation, options: options))
    }

    /// What only some fields' states have, by how the field is presented.
    private func extras(_ field: FieldType, presentation: FieldSpec.Presentation, options: FieldOptions) -> FieldState.Extras {
        switch presentation {
        case .plain:
            return .none
        case .networkBadges:
            // Every available network (both badges for an EFTPOS co-badge); OTHER only alone.
            let detected = session.availableNetworks
            let available = detected.count > 1 && detected.contains(.other) ? detected.filter { $0 != .other } : detected
            let accepted = session.acceptedNetworks
            return .networks(
                available: available, shown: session.selectedNetwork,
                accepted: accepted.count > Self.acceptedShown ? Array(accepted.prefix(Self.acceptedShown)) : accepted)
        case .securityCodeHint:
            // The hint shows where the code is: the front for 4 digits (Amex), the back otherwise,
            // and the back while the network is still unknown (most cards).
            let shown = session.selectedNetwork == nil ? 3 : session.securityCode.maxLength
            return .securityCode(name: session.securityCode.name, length: shown)
        case .countryList:
            return .countries(selected: session.selectedCountry)
        case .subdivisionList:
            if let country = session.country, country.hasSubdivisions {
                let selected = country.subdivision(matching: session.value(for: field))?.code
                return .subdivisions(country: country.code, selected: selected)
            }
            // "Select…" belongs to the list; typed text gets the free-text placeholder, if any.
            return .freeText(placeholder: options.placeholder ?? pack.string("placeholder.stateText") ?? "")
        }
    }

    /// A field's data from the language's basics, its state and its value. Static and without the
    /// session on purpose: nothing else may decide what a field's block shows (see `FieldState`).
    static func fieldData(
        _ field: FieldType, state: FieldState, value: String, pack: LanguagePack, icons: [CardNetwork: String]
    ) -> TemplateValue {
        var object = pack.fieldData(field, state: state) { valueFreeData(field, state: state, pack: pack, icons: icons) }
        // The kept data holds the empty value already: an empty field (every field of a new
        // page) shares it as it is, without a copy.
        if !value.isEmpty { object["value"] = .string(value) }
        return .object(object)
    }

    /// A field's data with an empty value: what its state decides, kept by the pack for the next
    /// form in the same state (`LanguagePack.fieldData`). The value's member is there already, so
    /// filling it in replaces it in place.
    private static func valueFreeData(
        _ field: FieldType, state: FieldState, pack: LanguagePack, icons: [CardNetwork: String]
    ) -> TemplateObject {
        let name = field.rawValue
        var object = pack.fieldBasics[field] ?? [:]
        if let label = state.label { object["label"] = .string(label) }
        if let placeholder = state.placeholder { object["placeholder"] = .string(placeholder) }
        if let guide = state.guide { object["guideText"] = .string(guide) }
        if object["guideText"] != nil { object["describedBy"] = .string("\(name)-error \(name)-guide") }
        object["value"] = ""
        object["required"] = .bool(state.required)
        object["disabled"] = .bool(state.disabled)
        object["invalid"] = .bool(state.errorCode != nil)
        object["ariaInvalid"] = .bool(state.errorCode != nil)
        object["autoCapitalise"] = .bool(state.autoCapitalise)
        if let message = state.errorMessage { object["error"] = .string(message) }
        if let code = state.errorCode { object["errorCode"] = .string(code) }
        if let maxLength = state.maxLength { object["maxlength"] = .number(Double(maxLength)) }
        addLook(of: field, state: state, pack: pack, to: &object)
        switch state.extras {
        case .none:
            break
        case .networks(let available, let shown, let accepted):
            object["hasAcceptedNetworks"] = .bool(!accepted.isEmpty)
            object["acceptedNetworks"] = .list(accepted.map { network in
                ["id": .string(network.rawValue), "name": .string(network.displayName), "icon": .string(icons[network] ?? "")]
            })
            object["networks"] = .list(available.map { network in
                [
                    "id": .string(network.rawValue), "name": .string(network.displayName),
                    "icon": .string(icons[network] ?? ""), "selected": .bool(network == shown),
                ]
            })
            if let shown {
                object["network"] = ["id": .string(shown.rawValue), "name": .string(shown.displayName), "icon": .string(icons[shown] ?? "")]
            }
        case .securityCode(let codeName, let length):
            object["codeName"] = .string(codeName)
            object["length"] = .number(Double(length))
        case .countries(let selected):
            object["options"] = .list(countryOptions(pack: pack, selected: selected))
        case .subdivisions(let code, let selected):
            object["hasOptions"] = true
            let country = Countries.country(code)
            object["options"] = .list((country?.subdivisions ?? []).map { subdivision in
                [
                    "value": .string(subdivision.code),
                    "label": .string(country?.displayName(of: subdivision, locale: pack.language) ?? subdivision.code),
                    "selected": .bool(subdivision.code == selected),
                ]
            })
        case .freeText(let placeholder):
            object["hasOptions"] = false
            object["placeholder"] = .string(placeholder)
        }
        return object
    }

    /// What a field's data holds whatever the session: names, ids, input attributes, and the
    /// language's label, placeholder and guide (a session's options or country may replace them).
    static func basics(_ field: FieldType, catalog: MessageCatalog) -> TemplateObject {
        let name = field.rawValue
        let spec = field.spec
        var object: TemplateObject = [
            "name": .string(name),
            "id": .string("cf-\(name)"),
            "errorId": .string("\(name)-error"),
            "guideId": .string("\(name)-guide"),
            "describedBy": .string("\(name)-error"),
            "label": .string(catalog.string("label.\(name)") ?? name),
            "placeholder": .string(catalog.string("placeholder.\(name)") ?? ""),
            "autocomplete": .string(spec.autocomplete),
            "inputmode": .string(spec.inputMode),
            "type": .string(spec.inputType),
            "digitsOnly": .bool(spec.isDigitsOnly),
        ]
        if let format = spec.typingFormat { object["format"] = .string(format.rawValue) }
        if !spec.separators.isEmpty { object["separators"] = .string(spec.separators) }
        if let guide = catalog.string("guide.\(name)") { object["guideText"] = .string(guide) }
        // Room for what `field(_:)` adds to its copy, so that copy never grows and rehashes.
        object.reserveCapacity(32)
        return object
    }

    /// Every country in the page's language, `selected` selected.
    private static func countryOptions(pack: LanguagePack, selected: String?) -> [TemplateValue] {
        var options = pack.countryOptions
        if let selected, let index = options.firstIndex(where: { $0["value"] == .string(selected) }) {
            if case .object(var option) = options[index] {
                option["selected"] = true
                options[index] = .object(option)
            }
        }
        return options
    }

    /// The label a field's block shows, unless nil keeps the language's: the merchant's, else the
    /// one that follows the country. The block and the announcements both say it from here.
    func shownLabel(_ field: FieldType, options: FieldOptions, followsCountry: AddressPart?) -> String? {
        options.label ?? label(field, followsCountry: followsCountry)
    }

    /// The country code the label `shownLabel` gives reads, if it reads one: only a field whose
    /// label follows the country and that has no merchant label. `ErrorWords` keys by it, so a
    /// label reading more must say so here too.
    func labelCountry(_ field: FieldType, options: FieldOptions) -> String? {
        options.label == nil && field.spec.followsCountry != nil ? session.country?.code : nil
    }

    /// The label for postal code, state and city, which follows the selected country (a country's
    /// own key first: `label.postalCode.GB` is "Postcode"); without one, the field's default label,
    /// else its part's default kind (`label.city.city`). Nil keeps the language's label.
    private func label(_ field: FieldType, followsCountry: AddressPart?) -> String? {
        let name = field.rawValue
        guard let part = followsCountry else { return nil }
        if let country = session.country {
            if let own = pack.string("label.\(name).\(country.code)") { return own }
            if let kind = pack.string("label.\(part.labelKey(in: country))") { return kind }
        }
        return pack.string("label.\(name).default") ?? pack.string("label.\(part.labelKey(in: nil))") ?? name
    }

    /// The CVV's guide follows the network (Amex prints it on the front); nil keeps the
    /// language's guide for the field, if any.
    private func guideText(_ presentation: FieldSpec.Presentation) -> String? {
        guard presentation == .securityCodeHint else { return nil }
        if session.selectedNetwork == .amex { return pack.string("guide.cvvAmex") }
        if session.selectedNetwork == nil { return pack.string("guide.cvvAny") }
        return nil
    }

    /// Whether the field is marked required: the merchant's word, else the country's for the
    /// parts of an address it names (city, state, postal code), else the field's default.
    private func isRequired(_ field: FieldType, followsCountry: AddressPart?, options: FieldOptions) -> Bool {
        if let required = options.required { return required }
        if let part = followsCountry { return part.isRequired(in: session.country) }
        return session.configuration.isRequired(field)
    }
}
