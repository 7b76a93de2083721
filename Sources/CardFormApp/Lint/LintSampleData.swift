import Mustache

/// The data `cardform check` renders blocks with: the view model's shapes (see VIEWMODEL.md) with
/// everything switched on, so that every hook a block can render is rendered. Every field is
/// configured, the card number shows an error, the card is co-badged (so the network selector
/// renders) and the billing section has a country list and a state list.
enum LintSampleData {
    /// Every field, in the order the default form shows them.
    static let fieldNames = [
        "cardNumber", "expiryDate", "cvv", "cardholderName", "firstName", "lastName", "email", "phoneNumber",
        "countryCode", "addressLine1", "addressLine2", "city", "state", "postalCode",
    ]

    /// The field that carries an error in the sample.
    static let invalidField = "cardNumber"

    /// The whole sample; `t` holds the English strings.
    static func form(strings: [String: String]) -> TemplateValue {
        var fields: [String: TemplateValue] = [:]
        for name in fieldNames { fields[name] = field(name) }
        return [
            "lang": "en", "dir": "ltr", "title": "Payment",
            "session": ["id": "s_lint", "action": "/s/s_lint", "token": "tok_lint", "page": "p_lint"],
            "assets": ["css": "/assets/cardform.css", "js": "/assets/cardform.js", "theme": "/s/s_lint/theme.css"],
            "t": nested(strings),
            "phase": ["ready": true],
            "isLoading": false,
            "noscript": false,
            "fields": .object(fields),
            "cardNetwork": [
                "id": "cf-cardNetwork", "label": "Card network", "disabled": false,
                "options": [
                    ["value": "CARTES_BANCAIRES", "label": "Cartes Bancaires", "icon": "/assets/icons/cb.svg", "selected": true],
                    ["value": "VISA", "label": "Visa", "icon": "/assets/icons/visa.svg", "selected": false],
                ],
            ],
            "billing": ["legend": "Billing address"],
            "submit": [
                "label": "Pay €10.00", "amount": "€10.00", "surcharge": "+ €1.09",
                "surchargeNote": "Includes a €1.09 card fee", "disabled": false, "loading": false,
            ],
            "errors": [
                "announcement": "Enter a valid card number",
                "summary": [["field": "cardNumber", "id": "cf-cardNumber", "message": "Enter a valid card number"]],
            ],
        ]
    }

    /// One configured field, as `fields.<name>`.
    static func field(_ name: String) -> TemplateValue {
        let invalid = name == invalidField
        var members: [String: TemplateValue] = [
            "name": .string(name), "id": .string("cf-" + name),
            "errorId": .string(name + "-error"), "guideId": .string(name + "-guide"),
            "describedBy": .string(name + "-error " + name + "-guide"),
            "label": .string(name), "placeholder": .string(name), "guideText": "Guide text",
            "value": name == "cvv" ? "" : "sample",
            "autocomplete": "on", "inputmode": "text", "type": name == "cvv" ? "password" : "text",
            "maxlength": 64, "required": true, "disabled": false,
            "invalid": .bool(invalid), "ariaInvalid": invalid ? "true" : "false",
            "autoCapitalise": false,
        ]
        if invalid {
            members["error"] = "Enter a valid card number"
            members["errorCode"] = "invalid-card-number"
        }
        switch name {
        case "cardNumber":
            members["networks"] = [
                ["id": "CARTES_BANCAIRES", "name": "Cartes Bancaires", "icon": "/assets/icons/cb.svg", "selected": true],
                ["id": "VISA", "name": "Visa", "icon": "/assets/icons/visa.svg", "selected": false],
            ]
            members["network"] = ["id": "CARTES_BANCAIRES", "name": "Cartes Bancaires", "icon": "/assets/icons/cb.svg"]
        case "cvv":
            members["codeName"] = "CVV"
            members["length"] = 3
        case "countryCode":
            members["options"] = [["value": "US", "label": "United States", "selected": true]]
        case "state":
            members["hasOptions"] = true
            members["options"] = [["value": "CA", "label": "California", "selected": true]]
        default:
            break
        }
        return .object(members)
    }

    /// `form` with the value at `path` removed: a field not configured, no co-badge choice.
    static func removing(_ path: [String], from value: TemplateValue) -> TemplateValue {
        guard case .object(var members) = value, let key = path.first else { return value }
        if path.count == 1 {
            members[key] = nil
        } else if let inner = members[key] {
            members[key] = removing(Array(path.dropFirst()), from: inner)
        }
        return .object(members)
    }

    /// `form` with the value at `path` replaced.
    static func setting(_ path: [String], to newValue: TemplateValue, in value: TemplateValue) -> TemplateValue {
        guard case .object(var members) = value, let key = path.first else { return newValue }
        members[key] = path.count == 1 ? newValue : setting(Array(path.dropFirst()), to: newValue, in: members[key] ?? [:])
        return .object(members)
    }

    /// Flat dotted locale keys as the nested object `{{t.ui.pay}}` reads. A key that is also the
    /// prefix of others keeps the longer keys (a template cannot read both).
    static func nested(_ strings: [String: String]) -> TemplateValue {
        var root: TemplateValue = [:]
        for key in strings.keys.sorted(by: { $0.count > $1.count }) {
            let path = key.split(separator: ".").map(String.init)
            guard !path.isEmpty, lookup(path, in: root) == nil else { continue }
            root = setting(path, to: .string(strings[key] ?? ""), in: root)
        }
        return root
    }

    private static func lookup(_ path: [String], in value: TemplateValue) -> TemplateValue? {
        var current = value
        for key in path {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current
    }
}
