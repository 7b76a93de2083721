import Mustache

/// Rendering the card form page: ~20 templates (page, form, layout with slots, sections, one block
/// per field) over a view-model-like data object. Target: ≤ 50 µs median in release.
enum MustacheBench {
    static func benchmarks() -> [Benchmark] {
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(templates: templates)
        } catch {
            fatalError("benchmark templates do not compile:\n\(error)")
        }
        let page = try! library.render("page", data: data)
        print("page: \(page.utf8.count) bytes from \(library.names.count) templates")
        var buffer = ""
        buffer.reserveCapacity(page.utf8.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(page.utf8.count)
        return [
            Benchmark(name: "render page (\(library.names.count) templates)") {
                blackHole(try! library.render("page", data: data))
            },
            Benchmark(name: "render page into a reused String") {
                buffer.removeAll(keepingCapacity: true)
                try! library.render("page", data: data, into: &buffer)
                blackHole(buffer.utf8.count)
            },
            Benchmark(name: "render page into reused bytes (for HTTP)") {
                bytes.removeAll(keepingCapacity: true)
                try! library.render("page", data: data, into: &bytes)
                blackHole(bytes.count)
            },
            Benchmark(name: "render one block (keystroke fragment)") {
                blackHole(try! library.render("blocks/card-number", data: data))
            },
        ]
    }

    static let cardFields = [
        ("cardNumber", "card-number", "cc-number"), ("expiryDate", "expiry-date", "cc-exp"),
        ("cvv", "cvv", "cc-csc"), ("cardholderName", "cardholder-name", "cc-name"),
    ]
    static let billingFields = [
        ("firstName", "first-name", "given-name"), ("lastName", "last-name", "family-name"),
        ("email", "email", "email"), ("phoneNumber", "phone-number", "tel"),
        ("addressLine1", "address-line1", "address-line1"), ("addressLine2", "address-line2", "address-line2"),
        ("city", "city", "address-level2"), ("state", "state", "address-level1"),
        ("postalCode", "postal-code", "postal-code"),
    ]

    static let templates: [String: String] = {
        var templates = [
            "page": """
                <!doctype html>
                <html lang="{{locale}}">
                <head>
                  <meta charset="utf-8">
                  <title>{{strings.title}}</title>
                  <link rel="stylesheet" href="{{assets.css}}">
                </head>
                <body>
                  {{>form}}
                  <script src="{{assets.js}}" defer></script>
                </body>
                </html>

                """,
            "form": "{{<layouts/form}}{{/layouts/form}}\n",
            "layouts/form": """
                <form method="post" action="/s/{{session.id}}" class="cf-form" novalidate>
                  <input type="hidden" name="_token" value="{{session.token}}">
                  {{$cardDetails}}
                  {{>sections/card-details}}
                  {{/cardDetails}}
                  {{$billingAddress}}
                  {{>sections/billing-address}}
                  {{/billingAddress}}
                  {{$submitButton}}
                  {{>sections/submit-button}}
                  {{/submitButton}}
                  {{>blocks/errors}}
                </form>

                """,
            "sections/card-details": """
                <fieldset class="cf-section" data-cf-block="cardDetails">
                  <legend>{{strings.cardDetails}}</legend>
                  {{>blocks/card-number}}
                  <div class="cf-row">
                    {{>blocks/expiry-date}}
                    {{>blocks/cvv}}
                  </div>
                  {{>blocks/cardholder-name}}
                  {{>blocks/card-network}}
                </fieldset>

                """,
            "sections/submit-button": """
                <button type="submit" class="cf-submit" data-cf-block="submitButton"{{^isValid}} disabled{{/isValid}}>
                  {{strings.pay}} {{amount}}{{#surcharge}} <span class="cf-surcharge">{{.}}</span>{{/surcharge}}
                </button>

                """,
            "blocks/errors": """
                <div class="cf-errors" data-cf-block="errors" role="alert" aria-live="polite">
                  {{#fieldErrors}}<p class="cf-errors__item">{{message}}</p>{{/fieldErrors}}
                </div>

                """,
            "blocks/card-network": """
                {{#networks.hasChoice}}
                <div class="cf-field" data-cf-block="cardNetwork">
                  <label for="cardNetwork">{{strings.network}}</label>
                  <select id="cardNetwork" name="cardNetwork">
                    {{#networks.available}}
                    <option value="{{id}}"{{#selected}} selected{{/selected}}>{{label}}</option>
                    {{/networks.available}}
                  </select>
                </div>
                {{/networks.hasChoice}}

                """,
            "blocks/country-code": """
                {{#fields.countryCode}}
                <div class="cf-field" data-cf-block="countryCode">
                  <label for="countryCode">{{label}}</label>
                  <select id="countryCode" name="countryCode" autocomplete="country">
                    {{#countries}}
                    <option value="{{code}}"{{#selected}} selected{{/selected}}>{{name}}</option>
                    {{/countries}}
                  </select>
                </div>
                {{/fields.countryCode}}

                """,
        ]
        var billing = "<fieldset class=\"cf-section\" data-cf-block=\"billingAddress\">\n"
        for (field, file, autocomplete) in cardFields + billingFields {
            templates["blocks/\(file)"] = block(field, autocomplete: autocomplete)
        }
        for (_, file, _) in billingFields { billing += "  {{>blocks/\(file)}}\n" }
        templates["sections/billing-address"] = billing + "  {{>blocks/country-code}}\n</fieldset>\n"
        return templates
    }()

    /// A field block as the default templates will have it: label, input with its hooks, error.
    static func block(_ field: String, autocomplete: String) -> String {
        """
        {{#fields.\(field)}}
        <div class="cf-field{{#error}} cf-field--invalid{{/error}}" data-cf-block="\(field)">
          <label for="\(field)">{{label}}{{#required}}<span aria-hidden="true">*</span>{{/required}}</label>
          <input id="\(field)" name="\(field)" value="{{value}}" placeholder="{{placeholder}}"
                 autocomplete="\(autocomplete)" aria-invalid="{{#error}}true{{/error}}{{^error}}false{{/error}}"
                 aria-describedby="\(field)-error"{{#disabled}} disabled{{/disabled}}>
          <p id="\(field)-error" class="cf-field__error">{{error}}</p>
        </div>
        {{/fields.\(field)}}

        """
    }

    static let data: TemplateValue = {
        var fields: TemplateObject = [:]
        for (field, _, _) in cardFields + billingFields {
            fields[field] = ["label": .string(field.capitalized), "placeholder": "", "value": "", "required": true]
        }
        fields["cardNumber"] = [
            "label": "Card number", "placeholder": "1234 1234 1234 1234", "value": "4000 0025 0000 1001",
            "required": true, "error": nil,
        ]
        fields["cvv"] = ["label": "CVV", "value": "12", "error": "Invalid CVV", "required": true]
        fields["countryCode"] = ["label": "Country"]
        let countries: [TemplateValue] = ["FR", "DE", "GB", "US", "ES", "IT", "NL", "BE"].map {
            ["code": .string($0), "name": .string("Country \($0)"), "selected": .bool($0 == "FR")]
        }
        return [
            "locale": "en", "session": ["id": "s_8f2a9c", "token": "tok_3b1d77e0"], "isValid": false,
            "assets": ["css": "/a/cardform.3f9a.css", "js": "/a/cardform.77c1.js"],
            "strings": ["title": "Payment", "cardDetails": "Card details", "pay": "Pay", "network": "Card brand"],
            "amount": "€12.50", "surcharge": "+ €1.09", "fields": .object(fields), "countries": .list(countries),
            "fieldErrors": [["message": "Invalid CVV"]],
            "networks": [
                "hasChoice": true,
                "available": [
                    ["id": "CARTES_BANCAIRES", "label": "Cartes Bancaires", "selected": true],
                    ["id": "VISA", "label": "Visa", "selected": false],
                ],
            ],
        ]
    }()
}
