import CardEngine

/// Per-field theme variables: `--cf-<kebab-field>-<part>-<property>`, such as
/// `--cf-cardholder-name-label-color` or `--cf-cvv-input-background-color`. Each one set also
/// writes the rule that applies it to that field's part, so the default stylesheet carries no
/// rule per field.
extension ThemeStylesheet {
    /// The parts of a field a variable can style, and the element each names.
    static let fieldParts: [String: String] = [
        "label": ".cf-label", "input": ".cf-input", "error": ".cf-error", "guide": ".cf-guide",
    ]

    /// The CSS properties a per-field variable can set.
    static let fieldProperties: Set<String> = [
        "color", "background-color", "font-family", "font-size", "font-weight", "font-style", "letter-spacing",
        "text-transform", "border-color", "border-width", "border-style", "border-radius", "box-shadow", "height",
        "padding-inline",
    ]

    /// The field, part and property a variable names, or nil when it names none.
    static func fieldVariable(_ name: String) -> (field: FieldType, part: String, property: String)? {
        guard name.hasPrefix("--cf-") else { return nil }
        let rest = name.dropFirst("--cf-".count)
        for field in FieldType.allCases {
            let prefix = field.spec.blockName + "-"
            guard rest.hasPrefix(prefix) else { continue }
            let tail = rest.dropFirst(prefix.count)
            for part in fieldParts.keys where tail.hasPrefix(part + "-") {
                let property = String(tail.dropFirst(part.count + 1))
                if fieldProperties.contains(property) { return (field, part, property) }
            }
        }
        return nil
    }

    /// The rule applying a per-field variable. `:where` keeps the default stylesheet's weight,
    /// so focus and invalid states still show over a field's own colours.
    static func fieldRule(_ name: String) -> String? {
        guard let (field, part, property) = fieldVariable(name), let element = fieldParts[part] else { return nil }
        return ":where(.cf-field--\(field.spec.blockName)) \(element) { \(property): var(\(name)); }\n"
    }
}
