import Foundation
import Testing
@testable import CardFormApp
@testable import CardFormSupport

/// `cardform build`: a static site a CDN can serve, whose pages find their session on a server.
struct BuildCommandTests {
    static let origin = "https://pay.example"

    /// Builds into a fresh folder; the folder is shown as `DIR` in what was printed.
    static func build(_ extra: [String] = [], files: [String: String] = [:]) throws -> (TemporaryFolder, SiteRun) {
        let folder = try TemporaryFolder()
        for (path, text) in files { try folder.write(text, to: path) }
        let words = ["build", "--out", folder.path("site"), "--server-origin", origin] + extra.map {
            $0.replacingOccurrences(of: "TMP/", with: folder.path("") + "/")
        }
        return (folder, SiteRun(words, showing: folder.path("site")))
    }

    /// The shipped languages as the build names them: lower-case tags (`pt-br`), sorted.
    static let languages = ShippedLocales.languages.map { $0.lowercased() }.sorted()

    static func manifest(_ folder: TemporaryFolder) throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: folder.path("site/manifest.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test("writes every asset under its content hash, with a manifest mapping each name to it")
    func writesHashedAssetsAndAManifest() throws {
        let (folder, run) = try Self.build()
        #expect(run.status == 0)
        let manifest = try Self.manifest(folder)
        #expect(manifest["serverOrigin"] as? String == Self.origin)
        #expect(manifest["locales"] as? [String] == Self.languages)
        let assets = try #require(manifest["assets"] as? [String: String])
        let defaults = FileLayer.embedded("Public").files
        #expect(Set(assets.keys) == Set(defaults.keys))
        for (name, path) in assets {
            let bytes = try #require(folder.bytes("site/" + path), "\(path) was written")
            #expect(bytes == defaults[name])
            let (stem, ext) = AssetStore.split(name)
            #expect(path == "assets/\(stem).\(AssetStore.hash(bytes))\(ext)")
        }
        #expect(manifest["pages"] as? [String: String] == Dictionary(uniqueKeysWithValues: Self.languages.map { ($0, "\($0)/index.html") }))
    }

    @Test("prints each file it writes, then what it built")
    func printsProgress() throws {
        let (folder, run) = try Self.build()
        #expect(run.written.map { "site/" + $0 }.sorted() == folder.files)
        #expect(run.written.suffix(Self.languages.count + 1) == Self.languages.map { "\($0)/index.html" } + ["manifest.json"])
        let assets = FileLayer.embedded("Public").files.count
        let pages = "\(Self.languages.count) shell pages (\(Self.languages.joined(separator: ", ")))"
        #expect(run.output.hasSuffix("\nbuilt \(pages) and \(assets) assets in DIR for https://pay.example\n"))
        #expect(run.errors == "")
    }

    @Test("writes an empty form per language that names the server and holds no session", arguments: [
        ("en", "Card number"), ("fr", "Numéro de carte"), ("de", "Kartennummer"), ("es", "Número de tarjeta"),
    ])
    func shellPagePerLanguage(language: String, label: String) throws {
        let (folder, _) = try Self.build()
        let html = try #require(folder.read("site/\(language)/index.html"))
        let manifest = try Self.manifest(folder)
        let assets = try #require(manifest["assets"] as? [String: String])
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"\(language)\" dir=\"ltr\" data-cf-color-scheme=\"light\">"))
        #expect(html.contains(#"method="post" action="" data-cf-block="form" data-cf-server="https://pay.example" data-cf-unavailable=""#))
        #expect(html.contains(#"<input type="hidden" name="_token" value="">"#))
        #expect(html.contains(#"<input type="hidden" name="_page" value="">"#))
        #expect(html.contains(">\(label)</label>"))
        #expect(html.contains(#"<link rel="stylesheet" href="/\#(assets["cardform.css"]!)">"#))
        let scripts = FormView.pageScripts.map { #"<script src="/\#(assets[$0] ?? "missing")" defer></script>"# }
        #expect(html.contains(scripts.joined(separator: "\n")), "every part of the page script, in order")
        for link in HTMLPieces.links(in: html) {
            #expect(assets.values.contains(String(link.dropFirst())), "\(link) is a built asset")
        }
    }

    @Test("renders the configuration's defaults: fields, amount and a theme stylesheet")
    func rendersTheConfigurationDefaults() throws {
        let config = ##"{"defaults": {"requiresBillingAddress": true, "amount": 1999, "currency": "EUR", "appearance": {"--cf-color-primary": "#0a7"}}}"##
        let (folder, run) = try Self.build(["--config", "TMP/cardform.json"], files: ["cardform.json": config])
        #expect(run.status == 0)
        let html = try #require(folder.read("site/en/index.html"))
        #expect(html.contains(#"data-cf-block="billingAddress""#))
        #expect(html.contains("Pay €19.99"))
        let assets = try #require(try Self.manifest(folder)["assets"] as? [String: String])
        let theme = try #require(assets["theme.css"])
        #expect(html.contains(#"<link rel="stylesheet" href="/\#(theme)">"#))
        #expect(folder.read("site/" + theme) == ":root {\n  --cf-color-primary: #0a7;\n}\n")
    }

    @Test("uses a designer's templates and assets")
    func usesTheDesignersFiles() throws {
        let page = String(decoding: FileLayer.embedded("Templates").files["page.mustache"]!, as: UTF8.self)
            .replacingOccurrences(of: "<main class=\"cf-main\">", with: "<main class=\"cf-main\"><h1>Acme</h1>")
        let (folder, run) = try Self.build(
            ["--templates", "TMP/theme", "--public", "TMP/assets"],
            files: ["theme/page.mustache": page, "assets/cardform.css": "body { color: red; }\n"])
        #expect(run.status == 0)
        #expect(try #require(folder.read("site/fr/index.html")).contains("<h1>Acme</h1>"))
        let assets = try #require(try Self.manifest(folder)["assets"] as? [String: String])
        #expect(folder.read("site/" + assets["cardform.css"]!) == "body { color: red; }\n")
    }

    @Test("refuses a form that lost its data-cf-block hook, which the shell needs")
    func refusesAFormWithoutItsHook() throws {
        let (_, run) = try Self.build(["--templates", "TMP/theme"], files: ["theme/form.mustache": "<form method=\"post\"></form>\n"])
        #expect(run.status == 1)
        #expect(run.errors == "cardform build: the page has no <form data-cf-block=\"form\">: the shell needs it to find the form\n")
        #expect(run.output == "")
    }

    @Test("answers a bad configuration with its key and status 2", arguments: [
        (#"{"defaults": {"amount": "ten"}}"#, "cardform build: defaults: amount: "),
        (#"{"defaults": {"appearance": {"--cf-colour": "red"}}}"#, "cardform build: defaults: appearance.--cf-colour: Unknown theme variable"),
        (#"{"port": "x"}"#, "cardform build: TMP/cardform.json: port: "),
    ])
    func badConfiguration(config: String, expected: String) throws {
        let (folder, run) = try Self.build(["--config", "TMP/cardform.json"], files: ["cardform.json": config])
        #expect(run.status == 2)
        #expect(run.errors.replacingOccurrences(of: folder.path(""), with: "TMP").hasPrefix(expected))
        #expect(!run.errors.dropLast().contains("\n"))
        #expect(run.output == "")
        #expect(folder.files == ["cardform.json"])
    }

    @Test("answers a usage mistake with one line and status 2", arguments: [
        (["--server-origin", "https://pay.example"], "cardform build: missing --out DIR (the folder to write the site into)\n"),
        (["--out", "x"], "cardform build: missing --server-origin URL (the cardform server the shells talk to, e.g. https://pay.example)\n"),
        (["--out", "x", "--server-origin", "pay.example"], "cardform build: --server-origin: expected an origin like https://pay.example (scheme and host, no path), got 'pay.example'\n"),
        (["--out", "x", "--server-origin", "https://pay.example/cardform"], "cardform build: --server-origin: expected an origin like https://pay.example (scheme and host, no path), got 'https://pay.example/cardform'\n"),
        (["--out", "x", "--server-origin", "javascript:alert(1)"], "cardform build: --server-origin: expected an origin like https://pay.example (scheme and host, no path), got 'javascript:alert(1)'\n"),
        (["--out", "x", "--server-origin", "https://pay.example", "--dev"], "cardform build: unknown flag '--dev'\n"),
    ])
    func usageMistakes(words: [String], expected: String) {
        let run = SiteRun(["build"] + words)
        #expect(run.status == 2)
        #expect(run.errors == expected)
        #expect(run.output == "")
    }

    @Test("takes an origin written with a trailing slash")
    func acceptsATrailingSlash() throws {
        let folder = try TemporaryFolder()
        let run = SiteRun(["build", "--out", folder.path("site"), "--server-origin", "http://127.0.0.1:8080/"])
        #expect(run.status == 0)
        #expect(try #require(folder.read("site/en/index.html")).contains(#"data-cf-server="http://127.0.0.1:8080""#))
    }

    @Test("prints its help")
    func printsHelp() {
        let run = SiteRun(["build", "--help"])
        #expect(run.status == 0)
        #expect(run.output == BuildCommand.help)
    }
}
