import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `cardform render` as a user runs it: the real binary, real files, exit status and both streams.
struct RenderCommandTests {
    @Test("the cardform binary and the official spec are found, so that these tests really run")
    func binaryAndSpecAreFound() {
        if Cardform.binary == nil {
            Issue.record("cardform binary not found next to the test bundle or in .build/debug: the render command was not tested")
        }
        if SpecFiles.directory == nil {
            Issue.record("Mustache spec not found (looked for ../shared/mustache-spec next to the repository and /work/shared/mustache-spec): spec conformance through `cardform render` did not run")
        } else {
            #expect(SpecFiles.cases.count == 184)
        }
    }

    @Test("renders every spec test byte for byte", arguments: SpecFiles.cases)
    func rendersEverySpecTestByteForByte(_ spec: SpecFiles.Case) async throws {
        let folder = try TemporaryFolder()
        var templates = spec.partials
        templates[SpecFiles.templateName] = spec.template
        for (name, source) in templates { try folder.write(source, to: "templates/\(name).mustache") }
        try folder.write(spec.dataJSON, to: "data.json")
        let result = try await Cardform.run([
            "render", SpecFiles.templateName, "--templates", folder.path("templates"), "--data", folder.path("data.json"),
        ])
        #expect(result.status == 0)
        #expect(result.stdout == Data(spec.expected.utf8))
        #expect(result.stderr == "")
    }

    @Test("renders with {} when no data file is given")
    func rendersWithEmptyDataByDefault() async throws {
        let folder = try TemporaryFolder()
        try folder.write("[{{name}}]{{^name}}no name{{/name}}\n", to: "t/page.mustache")
        let result = try await Cardform.run(["render", "page", "--templates", folder.path("t")])
        #expect(result.status == 0)
        #expect(result.stdoutText == "[]no name\n")
    }

    @Test("resolves partials in nested folders by their relative names")
    func resolvesNestedPartials() async throws {
        let folder = try TemporaryFolder()
        try folder.write("<form>{{>blocks/card-number}}</form>", to: "t/form.mustache")
        try folder.write("<input value=\"{{value}}\">", to: "t/blocks/card-number.mustache")
        try folder.write("{\"value\": \"4242 <b>\"}", to: "d.json")
        let result = try await Cardform.run(["render", "form", "--templates", folder.path("t"), "--data", folder.path("d.json")])
        #expect(result.status == 0)
        #expect(result.stdoutText == "<form><input value=\"4242 &lt;b&gt;\"></form>")
    }

    @Test("prints a template error like a compiler and exits 1")
    func printsTemplateErrorsLikeACompiler() async throws {
        let folder = try TemporaryFolder()
        try folder.write("<ul>\n  {{#items}}\n    <li>{{name}}</li>\n</ul>\n", to: "t/list.mustache")
        let result = try await Cardform.run(["render", "list", "--templates", folder.path("t")])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.replacingOccurrences(of: folder.path("t"), with: "DIR") == """
            DIR/list.mustache:2:3: error: section 'items' is never closed: expected {{/items}}
              {{#items}}
              ^

            """)
    }

    @Test("refuses to render while any template in the folder is broken")
    func refusesWhileAPartialIsBroken() async throws {
        let folder = try TemporaryFolder()
        try folder.write("a{{>b}}c", to: "t/a.mustache")
        try folder.write("{{#x}}{{/y}}", to: "t/b.mustache")
        let result = try await Cardform.run(["render", "a", "--templates", folder.path("t")])
        #expect(result.status == 1)
        #expect(result.stderr.replacingOccurrences(of: folder.path("t"), with: "DIR") == """
            DIR/b.mustache:1:7: error: closing tag {{/y}} does not match section 'x', still open from line 1, column 1
            {{#x}}{{/y}}
                  ^

            """)
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let mistakes: [Mistake] = [
        Mistake(arguments: ["render"], status: 2, stderr: "cardform render: missing the template NAME (usage: cardform render NAME --templates DIR [--data FILE.json])\n"),
        Mistake(arguments: ["render", "page"], status: 2, stderr: "cardform render: missing --templates DIR (the folder holding page.mustache)\n"),
        Mistake(arguments: ["render", "page", "--templates"], status: 2, stderr: "cardform render: --templates needs a value\n"),
        Mistake(arguments: ["render", "page", "--templates", "T", "--partials", "x"], status: 2, stderr: "cardform render: unknown flag '--partials'\n"),
        Mistake(arguments: ["render", "page", "other", "--templates", "T"], status: 2, stderr: "cardform render: unexpected argument 'other'\n"),
        Mistake(arguments: ["render", "page", "--templates", "T/none"], status: 1, stderr: "cardform render: no template directory at 'T/none'\n"),
        Mistake(arguments: ["render", "missing", "--templates", "T"], status: 1, stderr: "cardform render: no template 'missing' in 'T' (looked for missing.mustache)\n"),
        Mistake(arguments: ["render", "page", "--templates", "T", "--data", "T/none.json"], status: 1, stderr: "cardform render: cannot read the data file 'T/none.json'\n"),
        Mistake(arguments: ["render", "page", "--templates", "T", "--data", "T/bad.json"], status: 1, stderr: "cardform render: the data file 'T/bad.json' is not valid JSON: Unexpected end of file during JSON parse.\n"),
    ]

    @Test("answers a usage mistake with one line and exit 2, a failure with one line and exit 1", arguments: mistakes)
    func answersMistakesWithOneLine(_ mistake: Mistake) async throws {
        let folder = try TemporaryFolder()
        try folder.write("hello", to: "T/page.mustache")
        try folder.write("{\"a\": ", to: "T/bad.json")
        let arguments = mistake.arguments.map { $0.hasPrefix("T") ? folder.path($0) : $0 }
        let result = try await Cardform.run(arguments)
        #expect(result.status == mistake.status)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.replacingOccurrences(of: folder.path("T"), with: "T") == mistake.stderr)
    }

    @Test("prints its usage for --help and exits 0")
    func printsUsageForHelp() async throws {
        let result = try await Cardform.run(["render", "--help"])
        #expect(result.status == 0)
        #expect(result.stdoutText.hasPrefix("usage: cardform render NAME --templates DIR [--data FILE.json]\n"))
        #expect(result.stdoutText.contains("--data FILE.json"))
    }
}
