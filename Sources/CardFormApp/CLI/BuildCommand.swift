import CardEngine
import Foundation

/// `cardform build --out DIR --server-origin URL` (CONTRACT §1): a static site for a CDN — the form
/// shell per language, every asset under its content hash, and a manifest — whose pages fetch their
/// session's form from a running server.
enum BuildCommand: Command {
    static let name = "build"
    static let summary = "write the form shell pages and hashed assets as a static site for a CDN"
    static let help = """
        usage: cardform build --out DIR --server-origin URL [--templates DIR] [--public DIR] [--config FILE]

        Writes a static site to serve from the root of its own origin (a CDN):

          DIR/<lang>/index.html     the page template for an empty form, one per language
          DIR/assets/…              every asset, named <name>.<hash>.<ext> (cache them forever)
          DIR/manifest.json         asset name → built path, the pages, the languages, the server

        The form is rendered for the configuration's `defaults` (session options; the server's own
        defaults without them). Open a shell as https://cdn.example/en/#s=<session id>: its script
        fetches the session's form from URL/shell/<id> and sends every keystroke there. The server
        answers only pages on origins the session lists in `allowedOrigins`, so create the session
        with the CDN's origin in that list.

        options:
          --out DIR              the folder to write (created when missing; files in it are replaced)
          --server-origin URL    the cardform server the shells talk to, e.g. https://pay.example
          --templates DIR        a designer's templates and locales, shadowing the defaults
          --public DIR           a designer's assets, shadowing the defaults
          --config FILE          JSON configuration (default: ./cardform.json when present); its
                                 `defaults`, `templates` and `public` are used

        exit status: 0 written; 1 a template or file problem; 2 a usage or configuration mistake.

        """
    static let spec = Arguments.Spec(valued: ["out", "server-origin", "templates", "public", "config"])

    static func run(_ arguments: Arguments, output: CommandOutput) throws(CLIError) -> Int32 {
        guard let folder = arguments["out"] else { throw .usage("missing --out DIR (the folder to write the site into)") }
        guard let text = arguments["server-origin"] else {
            throw .usage("missing --server-origin URL (the cardform server the shells talk to, e.g. https://pay.example)")
        }
        guard let origin = ShellSite.origin(text) else {
            throw .usage("--server-origin: expected an origin like https://pay.example (scheme and host, no path), got '\(text)'")
        }
        let configuration = try arguments.configuration(command: name, flagKeys: ["templates", "public"], output: output)
        do {
            let resources = try StaticAssets.resources(templates: configuration.templates, public: configuration.publicDirectory)
            let site = ShellSite(resources: resources, options: configuration.defaults ?? JSONObject(), serverOrigin: origin)
            // Everything is rendered before the first file is written: a mistake leaves no half site.
            let theme = try site.themeStylesheet().map { css in (css, "assets/theme.\(AssetStore.hash(Array(css.utf8))).css") }
            var pages: [(language: String, path: String, html: String)] = []
            for language in site.languages {
                pages.append((language, "\(language)/index.html", try site.page(language: language, theme: theme.map { "/" + $0.1 })))
            }
            var writer = SiteWriter(root: URL(fileURLWithPath: folder), output: output)
            var assets = try StaticAssets.write(resources.assets, with: &writer)
            if let (css, path) = theme {
                try writer.write(css, to: path)
                assets["theme.css"] = path
            }
            for page in pages { try writer.write(page.html, to: page.path) }
            let paths = Dictionary(uniqueKeysWithValues: pages.map { ($0.language, $0.path) })
            try writer.write(site.manifest(assets: assets, pages: paths), to: "manifest.json")
            let languages = site.languages.joined(separator: ", ")
            output.write("built \(pages.count) shell pages (\(languages)) and \(assets.count) assets in \(folder) for \(origin)\n")
        } catch {
            throw error.cliError
        }
        return 0
    }
}
