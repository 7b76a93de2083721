import CardEngine
import Mustache

extension FormView {
    /// `colorScheme`: the session's scheme by name (the page root's `data-cf-color-scheme`) and as
    /// CSS (`<meta name="color-scheme">`), so the browser paints the frame's canvas in it from the
    /// first byte: a light form never shows a dark slab inside a light shop.
    var colorScheme: TemplateValue {
        let scheme = configuration.colorScheme
        var object = TemplateObject(minimumCapacity: 2)
        object[ColorSchemeKeys.name] = .string(scheme.rawValue)
        object[ColorSchemeKeys.css] = .string(scheme.css)
        return .object(object)
    }

    /// `colorScheme`'s keys, hashed once: every page sets them.
    private enum ColorSchemeKeys {
        static let name = TemplateObject.HashedKey("name")
        static let css = TemplateObject.HashedKey("css")
    }
}
