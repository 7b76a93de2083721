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

    /// (body, code, field)
    static let refusals: [(String, String, String)] = [
        (#"{"fields": {"cardholderName": {"labelPosition": "left"}}}"#, "invalid-value", "fields.cardholderName.labelPosition"),
        (#"{"fields": {"email": {"invalidTextPosition": "beside"}}}"#, "invalid-value", "fields.email.invalidTextPosition"),
        (#"{"fields": {"cvv": {"displayValidIcon": "yes"}}}"#, "invalid-type", "fields.cvv.displayValidIcon"),
        (#"{"fields": {"cvv": {"allowToCopyPaste": 0}}}"#, "invalid-type", "fields.cvv.allowToCopyPaste"),
        (#"{"fields": {"cardholderName": {"hintIcon": "/i.svg"}}}"#, "invalid-value", "fields.cardholderName.hintIcon"),
        (#"{"fields": {"cardholderName": {"showHintIcon": true, "hintIcon": "https://cdn.example/i.svg"}}}"#, "invalid-value", "fields.cardholderName.hintIcon"),
        (#"{"fields": {"cardholderName": {"showHintIcon": true, "hintIcon": "/a/../secret"}}}"#, "invalid-value", "fields.cardholderName.hintIcon"),
        (#"{"fields": {"cardholderName": {"showHintIcon": true, "hintIcon": "//cdn.example/i.svg"}}}"#, "invalid-value", "fields.cardholderName.hintIcon"),
        (#"{"fields": {"cardholderName": {"showHintIcon": true, "hintIcon": "/i.svg\" onload=\"x"}}}"#, "invalid-value", "fields.cardholderName.hintIcon"),
        (#"{"fields": {"cardholderName": {"showTooltip": true}}}"#, "missing-value", "fields.cardholderName.tooltipText"),
        (#"{"fields": {"cardholderName": {"tooltipText": "Hi"}}}"#, "invalid-value", "fields.cardholderName.tooltipText"),
        (#"{"fields": {"cardholderName": {"showTooltip": false, "tooltipAccessibilityLabel": "Hi"}}}"#, "invalid-value", "fields.cardholderName.tooltipAccessibilityLabel"),
        (#"{"fields": {"cardNumber": {"maskVisibleIcon": "/eye.svg"}}}"#, "invalid-value", "fields.cardNumber.maskVisibleIcon"),
        (#"{"fields": {"cvv": {"showMaskToggle": true, "maskHiddenIcon": "eye.svg"}}}"#, "invalid-value", "fields.cvv.maskHiddenIcon"),
        (#"{"fields": {"cvv": {"maskHiddenIcon": "/eye.svg"}}}"#, "invalid-value", "fields.cvv.maskHiddenIcon"),
        (#"{"fields": {"cardholderName": {"showMaskToggle": true}}}"#, "invalid-value", "fields.cardholderName.showMaskToggle"),
        (#"{"fields": {"cvv": {"tooltipIcon": "/eye.svg"}}}"#, "unknown-key", "fields.cvv.tooltipIcon"),
    ]

    @Test(arguments: refusals.indices)
    func anOptionThatCannotTakeEffectIsRefusedWithItsPath(_ index: Int) {
        let (body, code, field) = Self.refusals[index]
        do {
            _ = try Self.parse(body)
            Issue.record("accepted \(body)")
        } catch {
            #expect(error.code == code, "\(body)")
            #expect(error.field == field, "\(body)")
        }
    }
}
