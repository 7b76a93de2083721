import CardEngine

/// The session's `appearance` as a stylesheet: the theme's CSS custom properties, overridden.
///
/// Only the `--cf-*` variables the default stylesheet declares, and per-field ones
/// (`--cf-<kebab-field>-label-color`, see `ThemeStylesheet+Fields`), can be set, and only with values
/// that cannot leave the declaration: no `;`, braces, angle brackets, backslashes, quotes, comments
/// or `url(`. Checked when the session is created (a bad one is a 400 naming the key), and again
/// here so nothing unchecked is ever written.
enum ThemeStylesheet {
    /// The variables `Public/cardform.css` documents.
    static let variables: Set<String> = [
        "--cf-color-scheme", "--cf-font-family", "--cf-font-size", "--cf-font-size-small", "--cf-font-size-input",
        "--cf-font-weight-label", "--cf-line-height", "--cf-color-background", "--cf-color-text",
        "--cf-color-text-muted", "--cf-color-surface", "--cf-color-surface-muted", "--cf-color-border",
        "--cf-color-border-hover", "--cf-color-placeholder", "--cf-color-icon", "--cf-color-disabled",
        "--cf-color-primary", "--cf-color-primary-hover", "--cf-color-primary-text", "--cf-color-error",
        "--cf-color-success", "--cf-focus-ring-color", "--cf-focus-ring-width", "--cf-border-width", "--cf-radius",
        "--cf-radius-button", "--cf-shadow-input", "--cf-input-height", "--cf-input-padding", "--cf-field-gap",
        "--cf-section-gap", "--cf-page-padding", "--cf-max-width", "--cf-transition",
    ]

    /// Why an appearance entry was refused, or nil when every entry is usable.
    static func problem(in appearance: JSONObject) -> (key: String, message: String)? {
        for (key, value) in appearance.members {
            let name = key.hasPrefix("--") ? key : "--" + key
            guard variables.contains(name) || fieldVariable(name) != nil else {
                return (key, "Unknown theme variable \"\(key)\"; see Templates/README.md for the list.")
            }
            guard let text = value.stringValue, isSafe(text) else {
                return (key, "A theme value must be a short CSS value without ; { } < > \\ quotes, comments or url().")
            }
        }
        return nil
    }

    static func hasVariables(_ appearance: JSONObject) -> Bool { !appearance.isEmpty }

    /// `:root { --cf-color-primary: #0a7; … }` from the usable entries, then the rule of each
    /// per-field variable (`ThemeStylesheet+Fields`).
    static func css(_ appearance: JSONObject) -> String {
        var css = ":root {\n"
        var rules = ""
        for (key, value) in appearance.members {
            let name = key.hasPrefix("--") ? key : "--" + key
            let rule = fieldRule(name)
            guard variables.contains(name) || rule != nil, let text = value.stringValue, isSafe(text) else { continue }
            css += "  \(name): \(text);\n"
            rules += rule ?? ""
        }
        return css + "}\n" + rules
    }

    private static func isSafe(_ value: String) -> Bool {
        let lowered = value.lowercased()
        return !value.isEmpty && value.count <= 200
            && value.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && !";{}<>\\\"'".unicodeScalars.contains($0) }
            && !lowered.contains("url(") && !lowered.contains("/*") && !lowered.contains("expression(") && !lowered.contains("@")
    }
}
