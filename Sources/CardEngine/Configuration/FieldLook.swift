/// How a field's block looks and behaves in the page, beyond its words: the options PXP's
/// cardholder-name component offers, for every field (`fields.<name>` in the request).
///
/// The engine only keeps them; the views turn each into template data (Templates/README.md).
public struct FieldLook: Hashable, Sendable, Codable {
    /// An icon before the guide text (`showHintIcon`); `hintIcon` replaces the default one.
    public var showsHintIcon = false
    /// A same-origin image path (`/icons/hint.svg`), or nil for the stylesheet's icon.
    public var hintIcon: String?
    /// A tooltip button by the label (`showTooltip`), revealing `tooltipText`.
    public var tooltip: Tooltip?
    /// A tick once the value is complete and valid (`displayValidIcon`).
    public var displaysValidIcon = false
    /// A required mark after the label of a required field (`displayRequiredIcon`).
    public var displaysRequiredIcon = false
    public var labelPosition = LabelPosition.above
    public var invalidTextPosition = InvalidTextPosition.below
    /// False blocks copy, cut and paste in the input (`allowToCopyPaste`).
    public var allowsCopyPaste = true
    /// The CVV's show/hide toggle (`showMaskToggle`), off by default: it is one more stop for the
    /// Tab key between the security code and the next field.
    public var showsMaskToggle = false
    /// The toggle's icons (`maskVisibleIcon`, `maskHiddenIcon`): same-origin image paths, or nil
    /// for the stylesheet's icons. Only the CVV accepts them, with the toggle on.
    public var maskVisibleIcon: String?
    public var maskHiddenIcon: String?

    public init() {}

    /// A tooltip's text and the accessible name of the button that reveals it.
    public struct Tooltip: Hashable, Sendable, Codable {
        public var text: String
        /// Read by screen readers for the button; nil reads the text itself.
        public var accessibilityLabel: String?

        public init(text: String, accessibilityLabel: String? = nil) {
            self.text = text
            self.accessibilityLabel = accessibilityLabel
        }
    }
}

/// Where a field's label sits (`labelPosition`).
public enum LabelPosition: String, CaseIterable, Hashable, Sendable, Codable {
    /// Above the input (the default).
    case above
    /// Inside the empty input, moving above it on focus or once there is a value.
    case floating
    /// Not shown, still read by screen readers.
    case hidden
}

/// Where a field's error message sits (`invalidTextPosition`).
public enum InvalidTextPosition: String, CaseIterable, Hashable, Sendable, Codable {
    case below
    case above
}
