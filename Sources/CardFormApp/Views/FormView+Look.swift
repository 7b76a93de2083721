import CardEngine
import Mustache

extension FormView {
    /// How many of the merchant's accepted networks the empty card number field shows.
    static let acceptedShown = 4

    /// The keys of a field's data that its state and `FieldLook` decide (Templates/README.md,
    /// "Field look"): validity, icons, tooltip, label and error placement, copy and paste, and the
    /// CVV's show/hide toggle.
    static func addLook(of field: FieldType, state: FieldState, pack: LanguagePack, to object: inout TemplateObject) {
        let look = state.look
        let name = field.rawValue
        object["valid"] = .bool(state.valid)
        object["displayValidIcon"] = .bool(look.displaysValidIcon)
        object["requiredIcon"] = .bool(look.displaysRequiredIcon && state.required)
        object["showHintIcon"] = .bool(look.showsHintIcon)
        if let icon = look.hintIcon { object["hintIcon"] = .string(icon) }
        if let tooltip = look.tooltip {
            object["tooltip"] = [
                "id": .string("\(name)-tooltip"), "text": .string(tooltip.text),
                "label": .string(tooltip.accessibilityLabel ?? tooltip.text),
            ]
        }
        object["labelPosition"] = .string(look.labelPosition.rawValue)
        object["labelFloating"] = .bool(look.labelPosition == .floating)
        object["labelHidden"] = .bool(look.labelPosition == .hidden)
        object["invalidTextPosition"] = .string(look.invalidTextPosition.rawValue)
        object["errorAbove"] = .bool(look.invalidTextPosition == .above)
        object["allowToCopyPaste"] = .bool(look.allowsCopyPaste)
        // A floating label rests where the placeholder shows; CSS finds "empty" by
        // `:placeholder-shown`, which needs a placeholder, so an empty one becomes a space.
        if look.labelPosition == .floating, object["placeholder"] == nil || object["placeholder"] == "" {
            object["placeholder"] = " "
        }
        if look.showsMaskToggle {
            var mask: TemplateObject = ["label": .string(pack.string("ui.showCvv") ?? "Show security code")]
            if let icon = look.maskVisibleIcon { mask["visibleIcon"] = .string(icon) }
            if let icon = look.maskHiddenIcon { mask["hiddenIcon"] = .string(icon) }
            object["mask"] = .object(mask)
        }
    }
}
