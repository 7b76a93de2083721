import CardEngine
import Testing

@Suite struct FieldLookTests {
    static func parse(_ json: String) throws(ConfigurationError) -> SessionConfiguration {
        try SessionConfiguration.parse(Array(json.utf8))
    }

    @Test func withoutOptionsAFieldLooksAsItAlwaysDid() throws {
        let look = try Self.parse("{}").options(for: .cardholderName).look
        #expect(look == FieldLook())
        #expect(look.labelPosition == .above && look.invalidTextPosition == .below && look.allowsCopyPaste)
        #expect(!look.showsHintIcon && look.tooltip == nil && !look.displaysValidIcon && !look.displaysRequiredIcon)
    }

    @Test func everyLookOptionIsRead() throws {
        let configuration = try Self.parse("""
            {"fields": {"cardholderName": {"guideText": "As printed", "showHintIcon": true, "hintIcon": "/icons/hint.svg",
                "showTooltip": true, "tooltipText": "The name embossed on the card", "tooltipAccessibilityLabel": "About the name",
                "displayValidIcon": true, "displayRequiredIcon": true, "labelPosition": "floating",
                "invalidTextPosition": "above", "allowToCopyPaste": false},
             "cvv": {"labelPosition": "hidden", "showMaskToggle": true, "maskVisibleIcon": "/icons/eye-off.svg", "maskHiddenIcon": "/icons/eye.svg"}}}
            """)
        let name = configuration.options(for: .cardholderName).look
        #expect(name.showsHintIcon && name.hintIcon == "/icons/hint.svg")
        #expect(name.tooltip == FieldLook.Tooltip(text: "The name embossed on the card", accessibilityLabel: "About the name"))
        #expect(name.displaysValidIcon && name.displaysRequiredIcon)
        #expect(name.labelPosition == .floating && name.invalidTextPosition == .above && !name.allowsCopyPaste)
        #expect(configuration.options(for: .cardholderName).guideText == "As printed")
        let cvv = configuration.options(for: .cvv).look
        #expect(cvv.labelPosition == .hidden)
        #expect(cvv.showsMaskToggle && cvv.maskVisibleIcon == "/icons/eye-off.svg" && cvv.maskHiddenIcon == "/icons/eye.svg")
    }
}
