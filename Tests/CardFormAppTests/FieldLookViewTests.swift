import CardEngine
import Foundation
import Mustache
import Testing
@testable import CardFormApp

/// Template data and markup for field validity and the field look options (`fields.<name>`).
@Suite struct FieldLookViewTests {
    static let resources = try! FormResources.load(.init())

    /// A session from `json`, `typed` into it, as its page's data and the page's `form` HTML.
    static func form(_ json: String = "{}", typed: [(FieldType, String)] = []) throws -> (data: TemplateValue, html: String) {
        let configuration = try SessionConfiguration.parse(Array(json.utf8))
        let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 11), catalogs: resources.catalogs)
        var session = CardSession(id: "s", configuration: configuration, environment: environment)
        for (field, value) in typed { session.update(field, value: value, caret: value.utf16.count, event: .blur, in: environment) }
        let view = FormView(session: session, token: "t", resources: resources, context: PageContext(pageID: "p"))
        let data = view.data()
        return (data, try resources.templates.render("form", data: data))
    }

    /// The block element `name`'s opening tag in `html`.
    static func root(_ name: String, in html: String) -> String? {
        guard let start = html.range(of: "data-cf-block=\"\(name)\"") else { return nil }
        let open = html[..<start.lowerBound].lastIndex(of: "<")!
        let end = html[start.upperBound...].firstIndex(of: ">")!
        return String(html[open...end])
    }

    @Test func stateAndFieldFlagsAreBooleansSoSectionsOverThemWork() throws {
        let (data, html) = try Self.form()
        #expect(data["state"]?["valid"] == .bool(false))
        #expect(data["fields"]?["cardNumber"]?["ariaInvalid"] == .bool(false))
        #expect(data["fields"]?["cardNumber"]?["valid"] == .bool(false))
        // Rendered as attribute text they read as before.
        #expect(html.contains(#"data-cf-valid="false""#))
        #expect(html.contains(#"aria-invalid="false""#))
        let probe = try TemplateLibrary(templates: ["probe": "{{#state.valid}}valid{{/state.valid}}{{^state.valid}}not yet{{/state.valid}}"])
        #expect(try probe.render("probe", data: data) == "not yet")
    }

    @Test func aCompleteValidFieldIsValidAndItsBlockSaysSo() throws {
        let (data, html) = try Self.form(typed: [(.cardNumber, "4242424242424242"), (.cardholderName, "Jane Doe"), (.expiryDate, "1")])
        #expect(data["fields"]?["cardNumber"]?["valid"] == .bool(true))
        #expect(data["fields"]?["cardholderName"]?["valid"] == .bool(true))
        #expect(data["fields"]?["expiryDate"]?["valid"] == .bool(false))
        #expect(Self.root("cardNumber", in: html)?.contains("is-valid") == true)
        #expect(Self.root("cardholderName", in: html)?.contains("is-valid") == true)
        #expect(Self.root("expiryDate", in: html)?.contains("is-valid") == false)
        #expect(Self.root("cvv", in: html)?.contains("is-valid") == false)
    }

    @Test func theValidTickIsDrawnOnlyWhereTheMerchantAskedForIt() throws {
        let (_, html) = try Self.form(#"{"fields": {"cardholderName": {"displayValidIcon": true}}}"#, typed: [(.cardholderName, "Jane Doe")])
        #expect(html.components(separatedBy: "cf-valid-icon").count == 2)
        let block = try #require(html.range(of: #"data-cf-block="cardholderName""#))
        #expect(html[block.upperBound...].prefix(2000).contains("cf-valid-icon"))
    }

    @Test func labelAndErrorPlacementAndTheRequiredMarkFollowTheOptions() throws {
        let (_, html) = try Self.form("""
            {"fields": {"cardholderName": {"labelPosition": "floating", "invalidTextPosition": "above", "displayRequiredIcon": true,
                                           "placeholder": ""},
                        "expiryDate": {"labelPosition": "hidden"}}}
            """)
        let name = try #require(Self.root("cardholderName", in: html))
        #expect(name.contains("has-floating-label") && name.contains("has-error-above"))
        #expect(html.contains(#"<span class="cf-required" aria-hidden="true">*</span>"#))
        // A floating label needs a placeholder for CSS to see the input empty.
        #expect(html.contains(#"name="cardholderName" type="text" value="""# + "\n" + #"  placeholder=" ""#))
        // A hidden label is still the input's label, for screen readers.
        #expect(html.contains(#"<label class="cf-label cf-visually-hidden" for="cf-expiryDate">"#))
        #expect(Self.root("cardNumber", in: html)?.contains("has-floating-label") == false)
        #expect(html.components(separatedBy: "cf-required").count == 2)
    }

    @Test func theTooltipAndHintIconAreRenderedWithTheirAccessibleNames() throws {
        let (_, html) = try Self.form("""
            {"fields": {"cardholderName": {"showTooltip": true, "tooltipText": "As embossed", "tooltipAccessibilityLabel": "About this field",
                                           "showHintIcon": true, "hintIcon": "/icons/hint.svg", "guideText": "Your full name"},
                        "cvv": {"showTooltip": true, "tooltipText": "On the back"}}}
            """)
        #expect(html.contains(#"<button class="cf-tooltip__button" type="button" aria-label="About this field" aria-describedby="cardholderName-tooltip"></button><span class="cf-tooltip__text" role="tooltip" id="cardholderName-tooltip">As embossed</span>"#))
        #expect(html.contains(#"aria-label="On the back" aria-describedby="cvv-tooltip""#))
        #expect(html.contains(#"<span class="cf-hint-icon" aria-hidden="true"><img src="/icons/hint.svg" alt=""></span>Your full name"#))
    }

    @Test func copyAndPasteAreRefusedOnlyWhereTheMerchantSaidSo() throws {
        let (_, html) = try Self.form(#"{"fields": {"cardNumber": {"allowToCopyPaste": false}}}"#)
        #expect(html.components(separatedBy: "data-cf-no-copy-paste").count == 2)
        let number = try #require(html.range(of: #"name="cardNumber""#))
        #expect(html[number.upperBound...].prefix(900).contains("data-cf-no-copy-paste"))
    }

    @Test func theCVVHasAShowToggleWhenAskedWithTheMerchantsIconsAndNeverItsValue() throws {
        let (_, none) = try Self.form()
        #expect(!none.contains("cf-mask-toggle"), "off by default: no extra Tab stop after the code")
        let (_, plain) = try Self.form(#"{"fields": {"cvv": {"showMaskToggle": true}}}"#)
        #expect(plain.contains(#"<button class="cf-mask-toggle" type="button" aria-controls="cf-cvv" aria-pressed="false" aria-label="Show security code" data-cf-mask-toggle hidden></button>"#))
        let (_, french) = try Self.form(#"{"locale": "fr", "fields": {"cvv": {"showMaskToggle": true, "maskVisibleIcon": "/eye-off.svg", "maskHiddenIcon": "/eye.svg"}}}"#,
                                        typed: [(.cvv, "947")])
        #expect(french.contains(#"aria-label="Afficher le code de sécurité""#))
        #expect(french.contains(#"<img class="cf-mask-toggle__hidden" src="/eye.svg" alt=""><img class="cf-mask-toggle__visible" src="/eye-off.svg" alt="">"#))
        #expect(!french.contains("947"))
    }

    @Test func perFieldThemeVariablesAreAcceptedAndApplyToTheirFieldsPart() throws {
        let appearance = try #require(JSONValue.parse(##"{"--cf-cardholder-name-label-color": "#0a7", "--cf-cvv-input-background-color": "white", "--cf-radius": "4px"}"##).objectValue)
        #expect(ThemeStylesheet.problem(in: appearance) == nil)
        let css = ThemeStylesheet.css(appearance)
        #expect(css.contains("--cf-cardholder-name-label-color: #0a7;"))
        #expect(css.contains(":where(.cf-field--cardholder-name) .cf-label { color: var(--cf-cardholder-name-label-color); }"))
        #expect(css.contains(":where(.cf-field--cvv) .cf-input { background-color: var(--cf-cvv-input-background-color); }"))
        for bad in ["--cf-cardholder-name-label-position", "--cf-pin-label-color", "--cf-cvv-button-color", "--cf-cvv-input-"] {
            let object = try #require(JSONValue.parse(#"{"\#(bad)": "red"}"#).objectValue)
            #expect(ThemeStylesheet.problem(in: object)?.key == bad)
        }
        let unsafe = try #require(JSONValue.parse(#"{"--cf-cvv-guide-color": "red; } body { color: red"}"#).objectValue)
        #expect(ThemeStylesheet.problem(in: unsafe) != nil)
        #expect(!ThemeStylesheet.css(unsafe).contains("body"))
    }
}
