import Foundation
import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// `cardform eject` as a designer uses it: a full copy of the defaults that works as it is.
struct EjectCommandTests {
    @Test("writes every default template, locale and asset, and a guide, printing each file")
    func writesEveryDefaultFile() throws {
        let folder = try TemporaryFolder()
        let run = SiteRun(["eject", "--out", folder.path("theme")], showing: folder.path("theme"))
        #expect(run.status == 0)
        let templates = FileLayer.embedded("Templates").files.keys.map { "templates/" + $0 }
        let assets = FileLayer.embedded("Public").files.keys.map { "public/" + $0 }
        let expected = (["README.md"] + templates + assets).sorted()
        #expect(run.written.sorted() == expected)
        #expect(folder.files == expected.map { "theme/" + $0 })
        for path in ["templates/page.mustache", "templates/blocks/cvv.mustache", "templates/locales/fr.json", "public/cardform.css", "public/icons/visa.svg"] {
            #expect(expected.contains(path), "\(path) is ejected")
        }
        #expect(folder.bytes("theme/templates/blocks/cvv.mustache") == FileLayer.embedded("Templates").files["blocks/cvv.mustache"])
        #expect(run.output.hasSuffix("""
            ejected \(expected.count) files into DIR
            next: cardform serve --templates DIR/templates --public DIR/public --dev

            """))
    }

    @Test("leaves a guide naming the folder in the commands to serve and check it")
    func guideNamesTheFolder() throws {
        let folder = try TemporaryFolder()
        _ = SiteRun(["eject", "--out", folder.path("theme")])
        let guide = try #require(folder.read("theme/README.md"))
        #expect(guide.contains("cardform serve --templates \(folder.path("theme"))/templates --public \(folder.path("theme"))/public --dev"))
        #expect(guide.contains("cardform check --templates \(folder.path("theme"))/templates"))
        #expect(guide.contains("delete `public/*.js`"))
    }

    @Test("gives a copy that cardform check finds clean")
    func ejectedTemplatesAreClean() throws {
        let folder = try TemporaryFolder()
        _ = SiteRun(["eject", "--out", folder.path("theme")])
        let check = SiteRun(["check", "--templates", folder.path("theme/templates")])
        #expect(check.output == "no problems\n")
        #expect(check.status == 0)
    }

    @Test("gives a copy that serves the very page the defaults serve")
    func ejectedCopyServesTheSamePage() async throws {
        let folder = try TemporaryFolder()
        _ = SiteRun(["eject", "--out", folder.path("theme")])
        let ejected = FormResources.Sources(
            templatesOverlay: folder.url.appendingPathComponent("theme/templates"),
            publicOverlay: folder.url.appendingPathComponent("theme/public"))
        let options = #"{"amount": 1000, "currency": "EUR", "requiresBillingAddress": true, "locale": "fr"}"#
        var pages: [String] = []
        for sources in [FormResources.Sources(), ejected] {
            let harness = try ServerHarness(sources: sources)
            let id = try await harness.createSession(options)
            let page = try await harness.openPage(id)
            pages.append(page.html.replacingOccurrences(of: id, with: "ID")
                .replacingOccurrences(of: page.token, with: "TOKEN").replacingOccurrences(of: page.page, with: "PAGE"))
        }
        #expect(pages[0].contains("data-cf-block=\"billingAddress\""))
        #expect(pages[0] == pages[1])
    }

    @Test("refuses to overwrite a designer's files without --force, and writes nothing")
    func refusesToOverwrite() throws {
        let folder = try TemporaryFolder()
        _ = SiteRun(["eject", "--out", folder.path("theme")])
        try folder.write("my own cvv", to: "theme/templates/blocks/cvv.mustache")
        try FileManager.default.removeItem(atPath: folder.path("theme/public/cardform.css"))
        let again = SiteRun(["eject", "--out", folder.path("theme")], showing: folder.path("theme"))
        #expect(again.status == 1)
        let count = EjectPlan.defaults(shownAs: "").files.count
        #expect(again.errors == "cardform eject: DIR already holds README.md and \(count - 2) more; nothing written (use --force to overwrite)\n")
        #expect(again.output == "")
        #expect(folder.read("theme/templates/blocks/cvv.mustache") == "my own cvv")
        #expect(folder.read("theme/public/cardform.css") == nil)

        let forced = SiteRun(["eject", "--out", folder.path("theme"), "--force"])
        #expect(forced.status == 0)
        #expect(folder.bytes("theme/templates/blocks/cvv.mustache") == FileLayer.embedded("Templates").files["blocks/cvv.mustache"])
        #expect(folder.bytes("theme/public/cardform.css") == FileLayer.embedded("Public").files["cardform.css"])
    }

    @Test("writes next to files of other names already in the folder")
    func keepsUnrelatedFiles() throws {
        let folder = try TemporaryFolder()
        try folder.write("notes", to: "theme/notes.txt")
        let run = SiteRun(["eject", "--out", folder.path("theme")])
        #expect(run.status == 0)
        #expect(folder.read("theme/notes.txt") == "notes")
    }

    @Test("answers a usage mistake with one line and status 2", arguments: [
        ([String](), "cardform eject: missing --out DIR (the folder to copy the defaults into)\n"),
        (["--out"], "cardform eject: --out needs a value\n"),
        (["--out", "x", "--templates", "y"], "cardform eject: unknown flag '--templates'\n"),
        (["--out", "x", "--force=yes"], "cardform eject: --force takes no value\n"),
    ])
    func usageMistakes(words: [String], expected: String) {
        let run = SiteRun(["eject"] + words)
        #expect(run.status == 2)
        #expect(run.errors == expected)
        #expect(run.output == "")
    }

    @Test("prints its help")
    func printsHelp() {
        let run = SiteRun(["eject", "--help"])
        #expect(run.status == 0)
        #expect(run.output == EjectCommand.help)
        #expect(run.output.hasPrefix("usage: cardform eject --out DIR [--force]\n"))
    }
}
