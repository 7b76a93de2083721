import Testing
@testable import CardFormApp
@testable import TemplateLint

/// `cardform check` on a designer's folder that breaks a reference or a hook: every problem printed
/// like a compiler, located where the designer would fix it.
struct LintHookTests {
    /// Each case starts from a working block (most often blocks/cvv) and breaks one thing.
    static let cases: [LintCase] = [
        LintCase(
            "reports a syntax error once, without what follows from it",
            files: [
                "blocks/cvv.mustache": """
                    {{#fields.cvv}}
                    <div data-cf-block="cvv">
                    {{#required}}
                    </div>
                    {{/fields.cvv}}

                    """,
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:5:1: error: closing tag {{/fields.cvv}} does not match section 'required', still open from line 3, column 1
            {{/fields.cvv}}
            ^
            1 error

            """),
        LintCase(
            "refuses a block name with a '#', which the server could take for another block's copy",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "<p class=\"cf-error\"", with: "<span data-cf-block=\"cvv#2\"></span>\n<p class=\"cf-error\""),
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:6:1: error: data-cf-block="cvv#2" holds a '#': the server names a block used twice '<name>#2', so this one could be mistaken for another's copy; use letters, digits and '-'
            <span data-cf-block="cvv#2"></span>
            ^
            1 error

            """),
        LintCase(
            "names an unknown partial and suggests the closest template",
            files: [
                "sections/card-details.mustache": """
                    <fieldset data-cf-block="cardDetails">
                    {{> blocks/card-numbr}}
                    {{> blocks/card-network}}
                    {{> blocks/expiry-date}}
                    {{> blocks/cvv}}
                    {{> blocks/cardholder-name}}
                    {{>*dynamic}}
                    </fieldset>

                    """,
            ],
            status: 1,
            expected: """
            DIR/sections/card-details.mustache:2:1: error: no template named 'blocks/card-numbr' to include (did you mean 'blocks/card-number'?)
            {{> blocks/card-numbr}}
            ^
            1 error

            """),
        LintCase(
            "names an unknown parent",
            files: [
                "form.mustache": """
                    {{<layout/form}}{{/layout/form}}

                    """,
            ],
            status: 1,
            expected: """
            DIR/form.mustache:1:1: error: no template named 'layout/form' to extend (did you mean 'layouts/form'?)
            {{<layout/form}}{{/layout/form}}
            ^
            1 error

            """),
        LintCase(
            "names a slot layouts/form does not declare and lists those it does",
            files: [
                "form.mustache": """
                    {{<layouts/form}}
                      {{$billing}}
                        {{> blocks/email}}
                      {{/billing}}
                    {{/layouts/form}}

                    """,
            ],
            status: 1,
            expected: """
            DIR/form.mustache:2:3: error: layouts/form has no slot named 'billing' (its slots are cardDetails, billingAddress, submitButton)
              {{$billing}}
              ^
            1 error

            """),
        LintCase(
            "requires the field block's data-cf-block",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "class=\"cf-field\" data-cf-block=\"cvv\">", with: "class=\"cf-field\">"),
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:2:1: error: blocks/cvv renders no element with data-cf-block="cvv": the server could not update it as the shopper types
            <div class="cf-field">
            ^
            1 error

            """),
        LintCase(
            "requires one root element per block",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "</div>\n", with: "</div>\n<p class=\"cf-hint\">3 digits</p>\n"),
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:2:1: error: the element with data-cf-block="cvv" must be the block's one root element, but <p> is outside it: keep everything the block shows inside that element
            <div class="cf-field" data-cf-block="cvv">
            ^
            1 error

            """),
        LintCase(
            "requires a label for the control's id",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "for=\"{{id}}\">{{label}}</label>", with: "for=\"cvv\">{{label}}</label>"),
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:3:1: error: the <label> is for "cvv" but the id of <input name="cvv"> is "cf-cvv": screen readers would announce an unnamed field
            <label class="cf-label" for="cvv">{{label}}</label>
            ^
            1 error

            """),
        LintCase(
            "requires a label at all",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "<label class=\"cf-label\" for=\"{{id}}\">{{label}}</label>\n", with: ""),
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:3:1: error: no <label for="cf-cvv"> names <input name="cvv">: screen readers would announce an unnamed field
            <input class="cf-input" id="{{id}}" name="{{name}}" type="password" value=""
            ^
            1 error

            """),
        LintCase(
            "requires an id on the control",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "id=\"{{id}}\" name=\"{{name}}\"", with: "name=\"{{name}}\""),
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:4:1: error: <input name="cvv"> has no id: its <label for> and the page script need one
            <input class="cf-input" name="{{name}}" type="password" value=""
            ^
            1 error

            """),
        LintCase(
            "requires aria-describedby to include the error element",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "aria-describedby=\"{{describedBy}}\"{{#required}}", with: "aria-describedby=\"{{guideId}}\"{{#required}}"),
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:4:1: error: the aria-describedby of <input name="cvv"> (now "cvv-guide") must include "cvv-error": screen readers would not read the field's error message
            <input class="cf-input" id="{{id}}" name="{{name}}" type="password" value=""
            ^
            1 error

            """),
        LintCase(
            "requires the error element",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "<p class=\"cf-error\" id=\"{{errorId}}\">{{error}}</p>\n", with: ""),
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:2:1: error: no element has id="cvv-error": the field's error message would have nowhere to show
            <div class="cf-field" data-cf-block="cvv">
            ^
            1 error

            """),
        LintCase(
            "requires a control named after the field",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "name=\"{{name}}\"", with: "name=\"securityCode\""),
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:4:1: error: blocks/cvv renders no <input>, <select> or <textarea> with name="cvv": the shopper could not fill it in, and the form would not post it
            <input class="cf-input" id="{{id}}" name="securityCode" type="password" value=""
            ^
            1 error

            """),
        LintCase(
            "requires a field block to render nothing when its field is not configured",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "{{/fields.cvv}}\n", with: "{{/fields.cvv}}\n<p class=\"cf-note\">Your code is never stored.</p>\n"),
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:2:1: error: the element with data-cf-block="cvv" must be the block's one root element, but <p> is outside it: keep everything the block shows inside that element
            <div class="cf-field" data-cf-block="cvv">
            ^
            DIR/blocks/cvv.mustache:2:1: error: blocks/cvv renders markup when cvv is not configured: wrap it in {{#fields.cvv}}…{{/fields.cvv}}
            <div class="cf-field" data-cf-block="cvv">
            ^
            2 errors

            """),
        LintCase(
            "requires the co-badge select named cardNetwork, with its label, only when there is a choice",
            files: [
                "blocks/card-network.mustache": """
                    <div class="cf-field" data-cf-block="cardNetwork">
                    {{#cardNetwork}}
                    <select id="{{id}}" name="network">
                    {{#options}}<option value="{{value}}">{{label}}</option>{{/options}}
                    </select>
                    {{/cardNetwork}}
                    </div>

                    """,
            ],
            status: 1,
            expected: """
            DIR/blocks/card-network.mustache:1:1: error: blocks/card-network renders markup when the card offers no choice of network: wrap it in {{#cardNetwork}}…{{/cardNetwork}}
            <div class="cf-field" data-cf-block="cardNetwork">
            ^
            DIR/blocks/card-network.mustache:3:1: error: blocks/card-network renders no <select> with name="cardNetwork": the shopper could not fill it in, and the form would not post it
            <select id="{{id}}" name="network">
            ^
            2 errors

            """),
        LintCase(
            "requires the co-badge select to be marked as the network choice, which the page script sends to its route",
            files: [
                "blocks/card-network.mustache": """
                    {{#cardNetwork}}
                    <div class="cf-field" data-cf-block="cardNetwork">
                    <label for="{{id}}">{{label}}</label>
                    <select id="{{id}}" name="cardNetwork">
                    {{#options}}<option value="{{value}}">{{label}}</option>{{/options}}
                    </select>
                    </div>
                    {{/cardNetwork}}

                    """,
            ],
            status: 1,
            expected: """
            DIR/blocks/card-network.mustache:4:1: error: <select name="cardNetwork"> needs data-cf-choice="network": the page script would send the shopper's pick as a typed field, which the server refuses
            <select id="{{id}}" name="cardNetwork">
            ^
            1 error

            """),
        LintCase(
            "requires the form to post with its token, page id, block name and pay button",
            files: [
                "layouts/form.mustache": """
                    <form class="cf-form" action="{{session.action}}">
                    <input type="hidden" name="_token" value="">
                    {{> blocks/errors}}
                    {{$cardDetails}}{{> sections/card-details}}{{/cardDetails}}
                    {{$billingAddress}}{{> sections/billing-address}}{{/billingAddress}}
                    {{$submitButton}}{{/submitButton}}
                    </form>

                    """,
            ],
            status: 1,
            expected: """
            DIR/layouts/form.mustache:1:1: error: the <form> needs data-cf-block="form": the server could not update the form as the shopper types
            <form class="cf-form" action="{{session.action}}">
            ^
            DIR/layouts/form.mustache:1:1: error: the <form> needs method="post": without JavaScript the browser would put the card details in the address
            <form class="cf-form" action="{{session.action}}">
            ^
            DIR/layouts/form.mustache:1:1: error: the form needs <input type="hidden" name="_token" value="{{session.token}}">: the server refuses a post without the form's token
            <form class="cf-form" action="{{session.action}}">
            ^
            DIR/layouts/form.mustache:1:1: error: the form needs <input type="hidden" name="_page" value="{{session.page}}">: the server could not tell which page posted
            <form class="cf-form" action="{{session.action}}">
            ^
            DIR/layouts/form.mustache:1:1: error: the form renders no <button type="submit">: the shopper could not pay, and scripts look for that button
            <form class="cf-form" action="{{session.action}}">
            ^
            5 errors

            """),
    ]

    @Test("reports a broken reference or a lost hook with the whole printed report", arguments: cases)
    func reportsTheCase(_ lint: LintCase) async throws {
        let result = try await LintRun.checkOffThePool(lint.files)
        #expect(result.output == lint.expected)
        #expect(result.status == lint.status)
        #expect(result.errors == "")
    }
}
