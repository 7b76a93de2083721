/// Which colours the form paints in (`appearance.colorScheme`, CONTRACT §8). Light by default: a
/// form framed in a light shop must not turn dark because the shopper's system is.
public enum ColorScheme: String, CaseIterable, Sendable, Hashable, Codable {
    case light
    case dark
    /// The shopper's system setting (`prefers-color-scheme`).
    case auto

    /// The CSS `color-scheme` value: what the page's `<meta name="color-scheme">` says.
    public var css: String {
        switch self {
        case .light: "light"
        case .dark: "dark"
        case .auto: "light dark"
        }
    }
}
