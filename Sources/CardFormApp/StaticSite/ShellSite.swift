import CardEngine
import Foundation
import Mustache

/// What `cardform build` renders: per language, the `page` template for a form with no session
/// (every configured field empty), marked as a shell that fetches its session from `serverOrigin`.
///
/// The pages keep the server's asset URLs (`/assets/<name>.<hash>.<ext>`) because the form the
/// server later hands the shell names its icons the same way: the site is served from the root of
/// its origin, with `assets/` beside the language folders.
struct ShellSite {
    let resources: FormResources
    /// The session options every shell is rendered for (`defaults` of `--config`), locale aside.
    let options: JSONObject
    /// `https://pay.example`: where the shell's script finds `/shell/<id>`.
    let serverOrigin: String

    /// Every language there are strings for, sorted.
    var languages: [String] { resources.languages }

    /// The options as a configuration in `language`; a bad `defaults` is a configuration error.
    func configuration(language: String) throws(StaticSiteError) -> SessionConfiguration {
        var members = options.members.filter { $0.key != "locale" }
        members.append((key: "locale", value: .string(language)))
        let configuration: SessionConfiguration
        do {
            configuration = try SessionConfiguration(JSONObject(members))
        } catch {
            throw StaticSiteError(.configuration, "defaults: \(error.field.map { "\($0): " } ?? "")\(error.message)")
        }
        if let problem = ThemeStylesheet.problem(in: configuration.appearance) {
            throw StaticSiteError(.configuration, "defaults: appearance.\(problem.key): \(problem.message)")
        }
        return configuration
    }

    /// The shell page for `language`; `theme` is the URL of the built theme stylesheet, if any.
    func page(language: String, theme: String?) throws(StaticSiteError) -> String {
        let configuration = try configuration(language: language)
        let environment = SessionEnvironment(catalogs: resources.catalogs)
        let session = CardSession(id: "", configuration: configuration, environment: environment)
        let view = FormView(session: session, token: "", resources: resources, context: PageContext(pageID: "", themeURL: theme))
        var data = view.data()
        // No session yet: nothing to post to, no token; the script fills them in from the server.
        if case .object(var root) = data, case .object(var session)? = root["session"] {
            for key in ["id", "action", "token", "page"] { session[key] = "" }
            root["session"] = .object(session)
            data = .object(root)
        }
        let html: String
        do {
            html = try resources.templates.render("page", data: data)
        } catch {
            throw StaticSiteError(.template, "cannot render the shell page for \(language):\n\(error)")
        }
        let unavailable = view.pack.string("unavailable.message") ?? ""
        return try Self.markShell(html, server: serverOrigin, unavailable: unavailable)
    }

    /// The theme stylesheet for the options' `appearance`, or nil when it sets nothing.
    func themeStylesheet() throws(StaticSiteError) -> String? {
        let appearance = try configuration(language: "en").appearance
        return ThemeStylesheet.hasVariables(appearance) ? ThemeStylesheet.css(appearance) : nil
    }

    /// `html` with the form marked as a shell: `data-cf-server` (where the session lives) and
    /// `data-cf-unavailable` (what to say when it cannot be reached), right after the form's
    /// `data-cf-block="form"` hook, which every form keeps (`cardform check` makes sure of it).
    static func markShell(_ html: String, server: String, unavailable: String) throws(StaticSiteError) -> String {
        let hook = #"data-cf-block="form""#
        guard let range = html.range(of: hook) else {
            throw StaticSiteError(.template, "the page has no <form data-cf-block=\"form\">: the shell needs it to find the form")
        }
        let marks = #" data-cf-server="\#(HTMLEscaping.escape(server))" data-cf-unavailable="\#(HTMLEscaping.escape(unavailable))""#
        return html.replacingCharacters(in: range, with: hook + marks)
    }

    /// `manifest.json`: logical asset path → built path, the pages by language, the server.
    func manifest(assets: [String: String], pages: [String: String]) -> String {
        let object: [String: Any] = [
            "serverOrigin": serverOrigin, "locales": languages, "assets": assets, "pages": pages,
            "shell": ["open": "<language>/#s=<session id>", "bootstrap": "\(serverOrigin)/shell/<session id>"],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `https://pay.example` (one trailing slash dropped), or nil when `text` is not a plain
    /// http(s) origin: no path, query, credentials or spaces.
    static func origin(_ text: String) -> String? {
        let origin = text.hasSuffix("/") ? String(text.dropLast()) : text
        guard let schemeEnd = origin.range(of: "://") else { return nil }
        let scheme = origin[..<schemeEnd.lowerBound]
        let rest = origin[schemeEnd.upperBound...]
        let isPlain = (scheme == "https" || scheme == "http") && !rest.isEmpty
            && rest.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":" || $0 == "[" || $0 == "]") }
        return isPlain ? origin : nil
    }
}
