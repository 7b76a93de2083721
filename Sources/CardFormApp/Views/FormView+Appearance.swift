import CardEngine
import Mustache

extension FormView {
    /// `colorScheme`: the session's scheme by name (the page root's `data-cf-color-scheme`) and as
    /// CSS (`<meta name="color-scheme">`), so the browser paints the frame's canvas in it from the
    /// first byte: a light form never shows a dark slab inside a light shop.
    var colorScheme: TemplateValue {
        let scheme = configuration.colorScheme
        return ["name": .string(scheme.rawValue), "css": .string(scheme.css)]
    }
}
