import Foundation
import Testing
@testable import CardFormApp
@testable import TemplateLint

/// `cardform check` on a recomposed form, a designer's own templates and their locale files.
struct LintCompositionTests {
    static let cases: [LintCase] = [
        LintCase(
            "warns when a recomposed cardDetails slot has no co-badge selector",
            files: [
                "form.mustache": """
                    {{<layouts/form}}
                      {{$cardDetails}}
                        {{> blocks/card-number}}
                        <div class="cf-row">{{> blocks/expiry-date}}{{> blocks/cvv}}</div>
                      {{/cardDetails}}
                    {{/layouts/form}}

                    """,
            ],
            status: 0,
            expected: """
            DIR/form.mustache:2:3: warning: the cardDetails slot does not include blocks/card-network: shoppers with a co-badged card would get no choice of network; add {{> blocks/card-network}}
              {{$cardDetails}}
              ^
            1 warning

            """),
        LintCase(
            "warns when a recomposed cardDetails slot shows two co-badge selectors",
            files: [
                "form.mustache": """
                    {{<layouts/form}}
                      {{$cardDetails}}
                        <h2>{{t.legend.cardDetails}}</h2>
                        {{> sections/card-details}}
                        {{> blocks/card-network}}
                      {{/cardDetails}}
                    {{/layouts/form}}

                    """,
            ],
            status: 0,
            expected: """
            DIR/form.mustache:5:5: warning: the cardDetails slot includes blocks/card-network 2 times (through sections/card-details, directly): a co-badged card would show two network selectors; keep one
                {{> blocks/card-network}}
                ^
            1 warning

            """),
        LintCase(
            "warns about keys English has and another language lacks",
            files: [
                "locales/en.json": """
                    {
                      "ui.promo": "Save 10% today"
                    }

                    """,
                "blocks/errors.mustache": """
                    <div class="cf-errors" data-cf-block="errors" role="status" aria-live="polite">
                    <p class="cf-promo">{{t.ui.promo}}</p>
                    <p class="cf-errors__announcement">{{errors.announcement}}</p>
                    </div>

                    """,
            ],
            status: 0,
            expected: ShippedLocales.languages.filter { $0 != "en" }.map { language in
                """
                Templates/locales/\(language).json:\(ShippedLocales.closingLine(language)):1: warning: '\(language)' lacks 1 key that English has, so pages in that language show it in English: ui.promo
                }
                ^

                """
            }.joined() + "\(ShippedLocales.languages.count - 1) warnings\n"),
        LintCase(
            "warns when the live region's mark is not last in its start tag",
            files: [
                "blocks/errors.mustache": """
                    <div class="cf-errors" data-cf-block="errors" role="status" aria-live="polite">
                      <p data-cf-announcement class="cf-errors__announcement">{{errors.announcement}}</p>
                    </div>

                    """,
            ],
            status: 0,
            expected: """
            DIR/blocks/errors.mustache:2:3: warning: write data-cf-announcement last in its start tag and without a value (<p … data-cf-announcement>): the server reads the announcement after it, and otherwise sends the emptied region again
              <p data-cf-announcement class="cf-errors__announcement">{{errors.announcement}}</p>
              ^
            1 warning

            """),
        LintCase(
            "refuses a language that lacks cardform's strings, listing every key in one place",
            files: [
                "locales/ca.json": """
                    {
                      "ui.pay": "Paga",
                      "ui.title": "Pagament"
                    }

                    """,
            ],
            status: 1,
            expected: """
            DIR/locales/ca.json:4:1: error: 'ca' lacks \(ShippedLocales.englishKeys.count - 2) keys that English has, so pages in that language show them in English: \(ShippedLocales.englishKeys.subtracting(["ui.pay", "ui.title"]).sorted().joined(separator: ", "))
            }
            ^
            1 error

            """),
        LintCase(
            "checks a translation's placeholders and plural forms, matching file names as the server does",
            files: [
                "locales/pt-br.json": """
                    {
                      "ui.pay": "Pagar agora",
                      "ui.payAmount": "Pagar {valor}",
                      "ui.fieldError": "{message}",
                      "ui.errorCount": "{count, plural, one {# campo} outro {# campos}}"
                    }

                    """,
                "locales/ru.json": """
                    {
                      "ui.errorCount": "{count, plural, one {# поле} other {# полей}}"
                    }

                    """,
                "locales/ja.json": """
                    {
                      "ui.errorCount": "{count, plural, one {# 件} other {# 件}}"
                    }

                    """,
                "locales/de.json": """
                    {
                      "ui.errorCount": "Bitte prüfen Sie {count} Felder"
                    }

                    """,
            ],
            status: 1,
            expected: """
            DIR/locales/de.json:2:3: warning: 'ui.errorCount' is a count in English ({count, plural, …}); written plain, it reads the same for every number
              "ui.errorCount": "Bitte prüfen Sie {count} Felder"
              ^
            DIR/locales/ja.json:2:3: warning: 'ui.errorCount' has plural forms 'ja' never uses: one
              "ui.errorCount": "{count, plural, one {# 件} other {# 件}}"
              ^
            DIR/locales/pt-br.json:3:3: error: 'ui.payAmount' uses {valor}, which nothing fills, so the page shows it as written; it takes {amount}
              "ui.payAmount": "Pagar {valor}",
              ^
            DIR/locales/pt-br.json:4:3: warning: 'ui.fieldError' leaves out {field}, which English shows: shoppers in this language do not see it
              "ui.fieldError": "{message}",
              ^
            DIR/locales/pt-br.json:5:3: error: 'ui.errorCount' is not a valid plural pattern: 'outro' is not a plural category (zero, one, two, few, many, other) (at character 46)
              "ui.errorCount": "{count, plural, one {# campo} outro {# campos}}"
              ^
            DIR/locales/ru.json:2:3: error: 'ui.errorCount' lacks the plural forms 'ru' needs: few, many (it needs few, many, one, other)
              "ui.errorCount": "{count, plural, one {# поле} other {# полей}}"
              ^
            3 errors, 3 warnings

            """),
        LintCase(
            "warns about keys English does not have and that nothing uses",
            files: [
                "locales/de.json": """
                    {
                      "ui.pya": "Bezahlen",
                      "label": {"cardNumbre": "Kartennummer"}
                    }

                    """,
                "locales/en.json": """
                    {
                      "ui.pay": "Pay now",
                      "ui.procesing": "Wait…"
                    }

                    """,
            ],
            status: 0,
            expected: """
            DIR/locales/de.json:2:3: warning: English has no string 'ui.pya', so nothing shows it (a typo of 'ui.pay'?)
              "ui.pya": "Bezahlen",
              ^
            DIR/locales/de.json:3:13: warning: English has no string 'label.cardNumbre', so nothing shows it (a typo of 'label.cardNumber'?)
              "label": {"cardNumbre": "Kartennummer"}
                        ^
            DIR/locales/en.json:3:3: warning: 'ui.procesing' is not one of cardform's strings and no template uses {{t.ui.procesing}} (a typo of 'ui.processing'?)
              "ui.procesing": "Wait…"
              ^
            3 warnings

            """),
        LintCase(
            "refuses a locale file that is not a JSON object of strings",
            files: [
                "locales/de.json": """
                    {
                      "ui.pay": "Bezahlen",
                      "ui.title": 
                    }

                    """,
                "locales/fr.json": """
                    {
                      "ui.pay": ["Payer"]
                    }

                    """,
            ],
            status: 1,
            expected: """
            DIR/locales/de.json:4:1: error: not valid JSON: unexpected character
            }
            ^
            DIR/locales/fr.json:2:3: error: 'ui.pay' is an array; locale values are strings
              "ui.pay": ["Payer"]
              ^
            2 errors

            """),
        LintCase(
            "warns about a {{t.…}} that names no string",
            files: [
                "sections/submit-button.mustache": """
                    <p class="cf-secure">{{t.ui.secure}}</p>
                    {{> blocks/submit-button}}

                    """,
            ],
            status: 0,
            expected: """
            DIR/sections/submit-button.mustache:1:22: warning: {{t.ui.secure}} names no string in locales/en.json, so it renders as nothing
            <p class="cf-secure">{{t.ui.secure}}</p>
                                 ^
            1 warning

            """),
        LintCase(
            "warns about a designer template that nothing includes and that replaces no default",
            files: [
                "blocks/cardnumber.mustache": """
                    <p>unused</p>

                    """,
            ],
            status: 0,
            expected: """
            DIR/blocks/cardnumber.mustache: warning: no template includes 'blocks/cardnumber' and it replaces no default, so it is never shown (did you mean 'blocks/card-number'?)
            1 warning

            """),
    ]

    @Test("reports recomposition and locale problems with the whole printed report", arguments: cases)
    func reportsTheCase(_ lint: LintCase) async throws {
        let result = try await LintRun.checkOffThePool(lint.files)
        #expect(result.output == lint.expected)
        #expect(result.status == lint.status)
    }
}

/// Facts about the shipped locale files, so goldens do not break each time a string is added.
enum ShippedLocales {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Templates/locales")

    /// Every shipped language, as its file is named (`pt-BR`), in the order the linter reports them.
    static let languages: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // Sorted as file names, as the linter sorts its report: `es-419.json` before `es.json`.
        return files.filter { $0.hasSuffix(".json") }.sorted().map { String($0.dropLast(".json".count)) }
    }()

    static let englishKeys: Set<String> = {
        let data = (try? Data(contentsOf: folder.appending(path: "en.json"))) ?? Data()
        return Set(((try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]).keys)
    }()

    /// The line of the file's closing brace (where the linter points a missing-keys warning).
    static func closingLine(_ language: String) -> Int {
        let text = (try? String(contentsOf: folder.appending(path: "\(language).json"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).lastIndex { $0.hasPrefix("}") }.map { $0 + 1 } ?? 0
    }
}
