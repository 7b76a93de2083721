extension ConfigurationReader {
    /// The option keys that make a `FieldLook`.
    static let lookKeys: Set<String> = [
        "showHintIcon", "hintIcon", "showTooltip", "tooltipText", "tooltipAccessibilityLabel", "displayValidIcon",
        "displayRequiredIcon", "labelPosition", "invalidTextPosition", "allowToCopyPaste", "showMaskToggle",
        "maskVisibleIcon", "maskHiddenIcon",
    ]

    /// A field's look from its options object. An option that could not take effect (an icon
    /// without its switch, a tooltip without text, mask icons on a field that is not the CVV) is
    /// refused rather than ignored.
    func fieldLook(_ object: JSONObject, field: FieldType, path: String) throws(ConfigurationError) -> FieldLook {
        var look = FieldLook()
        if let value = object["showHintIcon"] { look.showsHintIcon = try bool(value, path: "\(path).showHintIcon") }
        if let value = object["hintIcon"] {
            guard look.showsHintIcon else {
                throw failure("invalid-value", "hintIcon needs showHintIcon: true.", "\(path).hintIcon")
            }
            look.hintIcon = try iconPath(value, path: "\(path).hintIcon")
        }
        look.tooltip = try tooltip(object, path: path)
        if let value = object["displayValidIcon"] { look.displaysValidIcon = try bool(value, path: "\(path).displayValidIcon") }
        if let value = object["displayRequiredIcon"] {
            look.displaysRequiredIcon = try bool(value, path: "\(path).displayRequiredIcon")
        }
        if let value = object["labelPosition"] {
            look.labelPosition = try choice(value, path: "\(path).labelPosition", as: LabelPosition.self)
        }
        if let value = object["invalidTextPosition"] {
            look.invalidTextPosition = try choice(value, path: "\(path).invalidTextPosition", as: InvalidTextPosition.self)
        }
        if let value = object["allowToCopyPaste"] { look.allowsCopyPaste = try bool(value, path: "\(path).allowToCopyPaste") }
        for key in ["showMaskToggle", "maskVisibleIcon", "maskHiddenIcon"] where object[key] != nil {
            guard case .securityCode = field.spec.rule else {
                throw failure("invalid-value", "\(key) is an option of the cvv field only.", "\(path).\(key)")
            }
        }
        if let value = object["showMaskToggle"] { look.showsMaskToggle = try bool(value, path: "\(path).showMaskToggle") }
        for key in ["maskVisibleIcon", "maskHiddenIcon"] {
            guard let value = object[key] else { continue }
            guard look.showsMaskToggle else {
                throw failure("invalid-value", "\(key) needs showMaskToggle: true.", "\(path).\(key)")
            }
            let icon = try iconPath(value, path: "\(path).\(key)")
            if key == "maskVisibleIcon" { look.maskVisibleIcon = icon } else { look.maskHiddenIcon = icon }
        }
        return look
    }

    /// `showTooltip` with its text and accessible label: text required with the switch on,
    /// refused with it off.
    private func tooltip(_ object: JSONObject, path: String) throws(ConfigurationError) -> FieldLook.Tooltip? {
        let shows = try object["showTooltip"].map { value throws(ConfigurationError) in try bool(value, path: "\(path).showTooltip") } ?? false
        guard shows else {
            for key in ["tooltipText", "tooltipAccessibilityLabel"] where object[key] != nil {
                throw failure("invalid-value", "\(key) needs showTooltip: true.", "\(path).\(key)")
            }
            return nil
        }
        guard let text = object["tooltipText"] else {
            throw failure("missing-value", "showTooltip needs tooltipText.", "\(path).tooltipText")
        }
        let label = try object["tooltipAccessibilityLabel"].map { value throws(ConfigurationError) in
            try string(value, path: "\(path).tooltipAccessibilityLabel", max: 200)
        }
        return FieldLook.Tooltip(text: try string(text, path: "\(path).tooltipText", max: 500), accessibilityLabel: label)
    }

    /// One of an enum's raw values; any other is refused, naming them all.
    private func choice<T: RawRepresentable & CaseIterable>(
        _ value: JSONValue, path: String, as type: T.Type
    ) throws(ConfigurationError) -> T where T.RawValue == String {
        let name = try string(value, path: path, max: 20)
        guard let choice = T(rawValue: name) else {
            let names = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw failure("invalid-value", "Expected one of \(names).", path)
        }
        return choice
    }

    /// An image on the form's own origin (the page's Content-Security-Policy loads no other):
    /// an absolute path of letters, digits, `/ . _ -`, without `..` or `//`.
    private func iconPath(_ value: JSONValue, path: String) throws(ConfigurationError) -> String {
        let text = try string(value, path: path, max: 200)
        let allowed = text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-".unicodeScalars.contains($0)) }
        guard text.hasPrefix("/"), allowed, !text.contains(".."), !text.contains("//") else {
            throw failure("invalid-value", "An icon is a path on the form's own server, such as /icons/hint.svg.", path)
        }
        return text
    }
}
