import Mustache
import Testing
@testable import CardFormApp
@testable import TemplateLint

/// `cardform check` on values placed where HTML escaping does not protect the page.
struct LintContextTests {
    static let cases: [LintCase] = [
        LintCase(
            "refuses values in unquoted attributes and in tags",
            files: [
                "blocks/cvv.mustache": """
                    {{#fields.cvv}}
                    <div class="cf-field" data-cf-block="cvv">
                    <label class="cf-label" for="{{id}}">{{label}}</label>
                    <input class="cf-input" id="{{id}}" name="{{name}}" type="password" value={{value}} {{extra}}
                      aria-invalid="{{ariaInvalid}}" aria-describedby="{{describedBy}}"{{#required}} required{{/required}}>
                    <p class=cf-error{{#invalid}}-shown{{/invalid}} id="{{errorId}}">{{error}}</p>
                    </div>
                    {{/fields.cvv}}

                    """,
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:4:75: error: {{value}} is in an unquoted attribute value: a space in the value would start a new attribute; quote it: value="{{value}}"
            <input class="cf-input" id="{{id}}" name="{{name}}" type="password" value={{value}} {{extra}}
                                                                                      ^
            DIR/blocks/cvv.mustache:4:85: error: {{extra}} is inside a tag but not in a quoted attribute value: a value there can add any attribute (an event handler, say); put it in a quoted value such as class="{{extra}}"
            <input class="cf-input" id="{{id}}" name="{{name}}" type="password" value={{value}} {{extra}}
                                                                                                ^
            2 errors

            """),
        LintCase(
            "refuses values inside script, style, event handlers and style attributes",
            files: [
                "page.mustache": """
                    <!doctype html>
                    <html lang="{{lang}}">
                    <head>
                    <title>{{title}}</title>
                    <style>
                      body { background: {{theme.background}}; }
                    </style>
                    <script>window.session = "{{session.id}}";</script>
                    <script src="{{assets.js}}"></script>
                    </head>
                    <body onload="start('{{session.id}}')">
                    <main style="color: {{theme.text}}">{{> form}}</main>
                    </body>
                    </html>

                    """,
            ],
            status: 1,
            expected: """
            DIR/page.mustache:6:22: error: {{theme.background}} is inside <style>: Mustache escapes for HTML, not CSS (and the page's Content-Security-Policy blocks inline styles); use a class or a --cf-* theme variable instead
              body { background: {{theme.background}}; }
                                 ^
            DIR/page.mustache:8:27: error: {{session.id}} is inside <script>: Mustache escapes for HTML, not JavaScript (and the page's Content-Security-Policy blocks inline scripts); pass the value in a data-* attribute instead
            <script>window.session = "{{session.id}}";</script>
                                      ^
            DIR/page.mustache:11:22: error: {{session.id}} is inside the onload attribute: Mustache escapes for HTML, not JavaScript (and the page's Content-Security-Policy blocks inline handlers); leave event handlers to cardform.js
            <body onload="start('{{session.id}}')">
                                 ^
            DIR/page.mustache:12:21: error: {{theme.text}} is inside a style attribute: Mustache escapes for HTML, not CSS (and the page's Content-Security-Policy blocks style attributes); use a class or a --cf-* theme variable instead
            <main style="color: {{theme.text}}">{{> form}}</main>
                                ^
            4 errors

            """),
        LintCase(
            "refuses unescaped field values and warns about other unescaped values",
            files: [
                "blocks/cvv.mustache": """
                    {{#fields.cvv}}
                    <div class="cf-field" data-cf-block="cvv">
                    <label class="cf-label" for="{{id}}">{{{label}}}</label>
                    <input class="cf-input" id="{{id}}" name="{{name}}" type="password" value=""
                      aria-invalid="{{ariaInvalid}}" aria-describedby="{{describedBy}}"{{#required}} required{{/required}}>
                    <p class="cf-error" id="{{errorId}}">{{&error}}</p>
                    <p class="cf-guide">{{{t.guide.cvv}}}</p>
                    </div>
                    {{/fields.cvv}}

                    """,
            ],
            status: 1,
            expected: """
            DIR/blocks/cvv.mustache:3:38: error: {{{label}}} is not escaped, but a field's value, label and messages are text, not HTML (what the shopper types would become markup): write {{label}}
            <label class="cf-label" for="{{id}}">{{{label}}}</label>
                                                 ^
            DIR/blocks/cvv.mustache:6:38: error: {{&error}} is not escaped, but a field's value, label and messages are text, not HTML (what the shopper types would become markup): write {{error}}
            <p class="cf-error" id="{{errorId}}">{{&error}}</p>
                                                 ^
            DIR/blocks/cvv.mustache:7:21: warning: {{{t.guide.cvv}}} is not escaped: make sure this value is HTML you trust
            <p class="cf-guide">{{{t.guide.cvv}}}</p>
                                ^
            2 errors, 1 warning

            """),
        LintCase(
            "accepts sections inside a tag's attribute list and values in quoted attributes and comments",
            files: [
                "blocks/cvv.mustache": """
                    {{#fields.cvv}}
                    <div class="cf-field" data-cf-block="cvv">
                    <label class="cf-label" for="{{id}}">{{label}}</label>
                    <input class="cf-input" id="{{id}}" name="{{name}}" type="password" value=""{{#maxlength}} maxlength="{{maxlength}}"{{/maxlength}}{{#disabled}} disabled{{/disabled}}
                      data-note='{{t.guide.cvv}}' autocapitalize="{{#autoCapitalise}}words{{/autoCapitalise}}{{^autoCapitalise}}off{{/autoCapitalise}}"
                      aria-invalid="{{ariaInvalid}}" aria-describedby="{{describedBy}}"{{#required}} required{{/required}}>
                    <p class="cf-error" id="{{errorId}}">{{error}}</p>
                    <!-- {{label}} -->
                    </div>
                    {{/fields.cvv}}

                    """,
            ],
            status: 0,
            expected: """
            no problems

            """),
        LintCase(
            "warns when a section leaves the markup in another context than it found it",
            files: [
                "blocks/cvv.mustache": LintCase.cvv(replacing: "<p class=\"cf-error\"", with: "{{#invalid}}<p class=\"cf-error is-shown{{/invalid}}{{^invalid}}<p class=\"cf-error{{/invalid}}\""),
            ],
            status: 0,
            expected: """
            DIR/blocks/cvv.mustache:6:1: warning: {{#invalid}} starts in text but its content ends in a quoted attribute value: the markup after it reads differently depending on whether it renders; close inside the section what it opens
            {{#invalid}}<p class="cf-error is-shown{{/invalid}}{{^invalid}}<p class="cf-error{{/invalid}}" id="{{errorId}}">{{error}}</p>
            ^
            DIR/blocks/cvv.mustache:6:52: warning: {{^invalid}} starts in a quoted attribute value but its content ends in a tag: the markup after it reads differently depending on whether it renders; close inside the section what it opens
            {{#invalid}}<p class="cf-error is-shown{{/invalid}}{{^invalid}}<p class="cf-error{{/invalid}}" id="{{errorId}}">{{error}}</p>
                                                               ^
            2 warnings

            """),
    ]

    /// A template, and each problem found in it as `line:column code`.
    struct Rule: Sendable, CustomTestStringConvertible {
        var source: String
        var found: [String]
        var testDescription: String { source }
    }

    static let rules: [Rule] = [
        Rule(source: "<input value={{v}}>", found: ["1:14 unsafe-context"]),
        Rule(source: "<input value = {{v}}>", found: ["1:16 unsafe-context"]),
        Rule(source: "<input value=\"{{v}}\" title='{{t}}'>", found: []),
        Rule(source: "<a href=/x/{{id}}>", found: ["1:12 unsafe-context"]),
        Rule(source: "<a onclick={{a}}>", found: ["1:12 unsafe-context"]),
        Rule(source: "<div {{attrs}}>", found: ["1:6 unsafe-context"]),
        Rule(source: "<{{tag}}>", found: ["1:2 unsafe-context"]),
        Rule(source: "<div>\n  <input value={{v}}>\n</div>", found: ["2:16 unsafe-context"]),
        Rule(source: "<SCRIPT type=\"module\">let a = {{a}}</SCRIPT>{{b}}", found: ["1:31 unsafe-context"]),
        Rule(source: "<script>if (a </b) { {{x}} }</script>{{v}}", found: ["1:22 unsafe-context"]),
        Rule(source: "<script>{{! a comment }}</script>{{v}}", found: []),
        Rule(source: "<script>{{> partial}}</script>", found: ["1:9 unsafe-context"]),
        Rule(source: "<!-- <script> -->{{a}}", found: []),
        Rule(source: "<!doctype html><title>{{t}}</title><textarea>{{v}}</textarea>", found: []),
        Rule(source: "<style>p { color: red }</style><p class=\"{{c}}\">{{x}}</p>", found: []),
        Rule(source: "<button onClick=\"{{a}}\">", found: ["1:18 unsafe-context"]),
        Rule(source: "<p style=\"{{s}}\">", found: ["1:11 unsafe-context"]),
        Rule(source: "<input{{#required}} required{{/required}}{{#max}} maxlength=\"{{max}}\"{{/max}}>{{after}}", found: []),
        Rule(source: "<p class=\"a{{#x}} b{{/x}}\">{{{html}}}</p>", found: ["1:28 unescaped-value"]),
        Rule(source: "<p title=\"é\">{{{x}}}</p>", found: ["1:14 unescaped-value"]),
        Rule(source: "{{&fields.cardNumber.number}}", found: ["1:1 unescaped-field-value"]),
        Rule(source: "{{<parent}}{{$slot}}<b>{{{value}}}</b>{{/slot}}{{/parent}}", found: ["1:24 unescaped-field-value"]),
        Rule(source: "{{#x}}<p title=\"{{/x}}\">", found: ["1:1 unbalanced-section"]),
    ]

    @Test("judges each value by the HTML context the markup before it leaves", arguments: rules)
    func judgesTheContext(_ rule: Rule) throws {
        let template = try Template(name: "t", source: rule.source)
        let file = LintFile(path: "t.mustache", text: rule.source, isOverlay: true)
        let found = HTMLContextLint.lint(template.nodes, in: file).map { "\($0.line):\($0.column) \($0.code.rawValue)" }
        #expect(found == rule.found)
    }

    @Test("reports values in unsafe HTML contexts with the whole printed report", arguments: cases)
    func reportsTheCase(_ lint: LintCase) async throws {
        let result = try await LintRun.checkOffThePool(lint.files)
        #expect(result.output == lint.expected)
        #expect(result.status == lint.status)
    }
}
