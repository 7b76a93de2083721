import Mustache
import Testing

/// Printed errors, compared whole: `FILE:LINE:COL: error: MESSAGE`, the source line, a caret.
struct TemplateErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var about: String
        var source: String
        var code: TemplateError.Code
        var printed: String
        var testDescription: String { about }
    }

    static let cases: [Case] = [
        Case(about: "an unclosed section points at its opening tag",
             source: "<ul>\n  {{#items}}\n    <li>{{name}}</li>\n</ul>\n", code: .unclosedSection, printed: """
             Templates/form.mustache:2:3: error: section 'items' is never closed: expected {{/items}}
               {{#items}}
               ^
             """),
        Case(about: "a mismatched closing tag points at itself and names the section still open",
             source: "{{#a}}\n  {{^b}}x{{/a}}\n{{/b}}", code: .mismatchedClosingTag, printed: """
             Templates/form.mustache:2:10: error: closing tag {{/a}} does not match inverted section 'b', still open from line 2, column 3
               {{^b}}x{{/a}}
                      ^
             """),
        Case(about: "an unclosed tag points at its opening delimiter",
             source: "<p>{{greeting</p>\n{{name}}", code: .unclosedTag, printed: """
             Templates/form.mustache:1:4: error: unclosed tag: '{{' has no matching '}}'
             <p>{{greeting</p>
                ^
             """),
        Case(about: "an unclosed tag names the delimiters in force",
             source: "{{=<% %>=}}\n<%#a%>\n  <%b", code: .unclosedTag, printed: """
             Templates/form.mustache:3:3: error: unclosed tag: '<%' has no matching '%>'
               <%b
               ^
             """),
        Case(about: "a closing tag with nothing open is refused",
             source: "a{{/a}}", code: .unexpectedClosingTag, printed: """
             Templates/form.mustache:1:2: error: closing tag {{/a}} has no open section to close
             a{{/a}}
              ^
             """),
        Case(about: "a name with spaces is refused",
             source: "{{first name}}", code: .invalidTagName, printed: """
             Templates/form.mustache:1:1: error: invalid tag {{first name}}: names are one word, like 'a' or 'a.b'
             {{first name}}
             ^
             """),
        Case(about: "an empty tag is refused",
             source: "x {{#}}{{/}}", code: .invalidTagName, printed: """
             Templates/form.mustache:1:3: error: invalid tag {{#}}: the tag has no name
             x {{#}}{{/}}
               ^
             """),
        Case(about: "a bad delimiters tag is refused",
             source: "{{=<%=}}", code: .invalidDelimiters, printed: """
             Templates/form.mustache:1:1: error: invalid delimiters tag: expected two delimiters without '=' separated by a space, as in {{=<% %>=}}
             {{=<%=}}
             ^
             """),
        Case(about: "a delimiters tag spanning lines is refused at its start, not a crash",
             source: "{{=a\nb c=}}", code: .invalidDelimiters, printed: """
             Templates/form.mustache:1:1: error: invalid delimiters tag: expected two delimiters without '=' separated by a space, as in {{=<% %>=}}
             {{=a
             ^
             """),
        Case(about: "a tag other than a block directly inside a parent is refused",
             source: "{{<layouts/form}}\n  {{>blocks/cvv}}\n{{/layouts/form}}", code: .unexpectedTagInParent, printed: """
             Templates/form.mustache:2:3: error: only blocks ({{$name}}…{{/name}}) can stand directly inside parent 'layouts/form'; found {{>blocks/cvv}}
               {{>blocks/cvv}}
               ^
             """),
        Case(about: "a block passed twice to one parent is refused",
             source: "{{<p}}{{$a}}1{{/a}}{{$a}}2{{/a}}{{/p}}", code: .duplicateBlock, printed: """
             Templates/form.mustache:1:20: error: block 'a' is already passed to parent 'p' at line 1, column 7
             {{<p}}{{$a}}1{{/a}}{{$a}}2{{/a}}{{/p}}
                                ^
             """),
        Case(about: "the caret keeps the source line's tabs so that it lines up",
             source: "\t\t<b>{{#x}}", code: .unclosedSection, printed: """
             Templates/form.mustache:1:6: error: section 'x' is never closed: expected {{/x}}
             \t\t<b>{{#x}}
             \t\t   ^
             """),
    ]

    @Test("prints each compile error like a compiler", arguments: cases)
    func printsCompileErrors(_ test: Case) {
        let error = #expect(throws: TemplateError.self) {
            try Template(name: "form", source: test.source, path: "Templates/form.mustache")
        }
        #expect(error?.code == test.code)
        #expect(error?.description == test.printed)
    }

    @Test("names a template given as text by its name")
    func namesTemplatesWithoutFiles() {
        let error = #expect(throws: TemplateError.self) {
            try TemplateLibrary(templates: ["blocks/cvv": "{{#a}}"])
        }
        #expect(error?.templateName == "blocks/cvv")
        #expect(error?.path == nil)
        #expect(error?.description == """
            blocks/cvv.mustache:1:1: error: section 'a' is never closed: expected {{/a}}
            {{#a}}
            ^
            """)
    }

    @Test("shows a window of a very long line, marked where it is cut")
    func windowsLongLines() {
        let source = String(repeating: "x", count: 300) + "{{#a}}" + String(repeating: "y", count: 300)
        let error = #expect(throws: TemplateError.self) { try Template(name: "t", source: source) }
        let lines = (error?.description.split(separator: "\n", omittingEmptySubsequences: false) ?? []).map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first == "t.mustache:1:301: error: section 'a' is never closed: expected {{/a}}")
        #expect(lines.dropFirst().first == "…" + String(repeating: "x", count: 80) + "{{#a}}" + String(repeating: "y", count: 74) + "…")
        #expect(lines.last == String(repeating: " ", count: 81) + "^")
    }

    @Test("prints an error without a position as file and message only")
    func printsErrorsWithoutPosition() {
        let error = TemplateError(code: .unreadableFile, message: "the file is not UTF-8 text", templateName: "page", path: "T/page.mustache")
        #expect(error.description == "T/page.mustache: error: the file is not UTF-8 text")
    }

    @Test("names every error code in kebab case", arguments: TemplateError.Code.allCases)
    func namesCodesInKebabCase(_ code: TemplateError.Code) {
        #expect(code.rawValue.allSatisfy { $0.isLowercase || $0 == "-" })
        #expect(code.rawValue.contains("-"))
    }
}
