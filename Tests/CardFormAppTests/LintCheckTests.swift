import Foundation
import Mustache
import Testing
@testable import CardFormApp
@testable import TemplateLint

/// `cardform check` as a designer runs it: the shipped templates are clean, the documented
/// recompositions are clean, and the exit status says whether there are errors.
struct LintCheckTests {
    @Test("finds no problem in the templates cardform ships")
    func shippedTemplatesAreClean() {
        let result = LintRun.check([])
        #expect(result.output == "no problems\n")
        #expect(result.status == 0)
    }

    @Test("finds no problem in the Templates folder on disk used as a designer's folder")
    func templatesOnDiskAreClean() {
        let result = LintRun.check(["--templates", LintRun.templatesFolder])
        #expect(result.output == "no problems\n")
        #expect(result.status == 0)
    }

    @Test("finds no problem in CONTRACT §5's recomposition, which includes the co-badge selector")
    func contractRecompositionIsClean() throws {
        let result = try LintRun.check(["form.mustache": """
            {{<layouts/form}}
              {{$cardDetails}}
                <h2>Card details</h2>
                {{> blocks/card-number}}
                <div class="row">{{> blocks/expiry-date}}{{> blocks/cvv}}</div>
                {{> blocks/cardholder-name}}
                {{> blocks/card-network}}
              {{/cardDetails}}
            {{/layouts/form}}

            """])
        #expect(result.output == "no problems\n")
        #expect(result.status == 0)
    }

    @Test("finds no problem in the designer's guide's recomposition of the billing slot")
    func guideRecompositionIsClean() throws {
        let result = try LintRun.check(["form.mustache": """
            {{<layouts/form}}
              {{$billingAddress}}
                <h2>Where should we send the receipt?</h2>
                {{> blocks/email}}
              {{/billingAddress}}
            {{/layouts/form}}

            """])
        #expect(result.output == "no problems\n")
    }

    @Test("reports a file that is not UTF-8 without a position")
    func reportsANonUTF8File() throws {
        let folder = try TemporaryFolder()
        try folder.write("", to: "theme/keep.txt")
        try Data([0x3C, 0x70, 0x3E, 0xFF, 0xFE]).write(to: folder.url.appendingPathComponent("theme/page.mustache"))
        let result = LintRun.check(["--templates", folder.path("theme")], showing: folder.path("theme"))
        #expect(result.output == "DIR/page.mustache: error: the file is not UTF-8 text\n1 error\n")
        #expect(result.status == 1)
    }

    @Test("prints a syntax error exactly as the template compiler does")
    func printsSyntaxErrorsLikeTheCompiler() throws {
        let long = String(repeating: "<span class=\"x\">", count: 20)
        for source in ["<ul>\n  {{#items}}\n", "\(long){{#a}}{{/b}}\n", "\t\t{{/x}}"] {
            let error = try #require(throws: TemplateError.self) {
                try Template(name: "list", source: source, path: "DIR/list.mustache")
            }
            #expect(TemplateLinter.diagnostic(for: error, in: [:]).description == error.description)
        }
    }

    @Test("sorts by file then position and sums up errors and warnings", arguments: [
        ([LintDiagnostic.Severity](), "no problems"),
        ([.error], "1 error"),
        ([.warning, .warning], "2 warnings"),
        ([.warning, .error, .error], "2 errors, 1 warning"),
    ])
    func summarises(_ severities: [LintDiagnostic.Severity], _ summary: String) {
        let found = severities.enumerated().map { index, severity in
            LintDiagnostic(severity: severity, code: .template, message: "m\(index)", file: index.isMultiple(of: 2) ? "b" : "a", line: 9 - index, column: 1)
        }
        let sorted = LintDiagnostic.sorted(found)
        #expect(sorted.map(\.file) == sorted.map(\.file).sorted())
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.file < $1.file || $0.line <= $1.line })
        #expect(LintDiagnostic.summary(of: sorted) == summary)
    }
}

/// `cardform check` through the real binary: what a build script sees.
struct LintCommandTests {
    @Test("exits 1 on errors, 0 on warnings alone and 0 when clean")
    func exitStatusFollowsErrors() async throws {
        let folder = try TemporaryFolder()
        try folder.write("<p class={{x}}></p>\n", to: "broken/page.mustache")
        try folder.write("<p>{{{x}}}</p>\n", to: "warned/unavailable.mustache")
        let broken = try await Cardform.run(["check", "--templates", folder.path("broken")])
        #expect(broken.status == 1)
        #expect(broken.stdoutText.hasSuffix("\n1 error\n"))
        let warned = try await Cardform.run(["check", "--templates", folder.path("warned")])
        #expect(warned.status == 0)
        #expect(warned.stdoutText.hasSuffix("\n1 warning\n"))
        let clean = try await Cardform.run(["check"])
        #expect(clean.status == 0)
        #expect(clean.stdoutText == "no problems\n")
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        var stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let mistakes: [Mistake] = [
        Mistake(arguments: ["check", "--theme", "x"], status: 2, stderr: "cardform check: unknown flag '--theme'\n"),
        Mistake(arguments: ["check", "--templates"], status: 2, stderr: "cardform check: --templates needs a value\n"),
        Mistake(arguments: ["check", "Templates"], status: 2, stderr: "cardform check: unexpected argument 'Templates'\n"),
        Mistake(arguments: ["check", "--templates", "/nonexistent/theme"], status: 1,
                stderr: "cardform check: /nonexistent/theme: not a directory\n"),
    ]

    @Test("answers a usage mistake with one line and exit 2, an unreadable folder with exit 1", arguments: mistakes)
    func answersMistakes(_ mistake: Mistake) async throws {
        let result = try await Cardform.run(mistake.arguments)
        #expect(result.status == mistake.status)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == mistake.stderr)
    }

    @Test("prints its usage for --help and is listed by cardform --help")
    func printsUsage() async throws {
        let help = try await Cardform.run(["check", "--help"])
        #expect(help.status == 0)
        #expect(help.stdoutText.hasPrefix("usage: cardform check [--templates DIR]\n"))
        let usage = try await Cardform.run(["--help"])
        #expect(usage.stdoutText.contains("  check     lint the templates"))
    }
}
