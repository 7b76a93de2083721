import CardEngine
import HTTPServer
import Mustache

/// `--dev` only (`Access.dev`): the merchant-style demo page at `/`, which creates sessions
/// without the secret key and shows each in an iframe, and live reload.
struct DemoRoutes {
    let app: AppContext
    let reloader: DevReloader?

    /// `GET /`: the demo page.
    func page(_ request: RouteRequest) throws(Refusal) -> Response {
        let resources = app.resources
        let data: TemplateValue = [
            "assets": [
                "css": .string(resources.assets.url(for: "demo.css") ?? ""),
                "js": .string(resources.assets.url(for: "demo.js") ?? ""),
                "embed": .string(resources.assets.url(for: "embed.js") ?? ""),
            ],
            "languages": .list(resources.catalogs.languages.map { ["code": .string($0), "selected": .bool($0 == "en")] }),
        ]
        do {
            let html = try resources.templates.render("demo", data: data)
            return SecureResponse.html(ErrorPage.withReloadScript(html, resources.assets.url(for: "dev-reload.js")))
        } catch {
            throw Refusal(.template(error))
        }
    }

    /// `POST /demo/sessions`: creates a session from the demo panel's JSON, no key needed.
    func createSession(_ request: RouteRequest) throws(Refusal) -> Response {
        try APIRoutes(app: app).createSession(request)
    }

    /// `GET /dev/events`: live reload for open pages (see `DevReloader`).
    func devEvents(_ request: RouteRequest) throws(Refusal) -> Response {
        guard let reloader else { throw .notFound }
        guard let after = (try? request.request.queryItems)?["after"].flatMap({ Int($0) }) else {
            return SecureResponse.text(String(reloader.version), status: .ok)
        }
        return .deferred(timeout: .seconds(25), fallback: Response(status: .noContent)) { completion in
            reloader.waitForChange(after: after) { version in
                _ = completion.complete(SecureResponse.text(String(version), status: .ok))
            }
        }
    }

    /// `--dev`, after a save broke a template: the routes that show the form answer the error
    /// instead of a stale form, until a save fixes it.
    var reloadProblemOverlay: Middleware {
        Middleware { [app] request, next throws(Refusal) in
            guard app.configuration.dev, let problem = app.currentReloadProblem else { return try next(&request) }
            let script = app.resources.assets.url(for: "dev-reload.js")
            return SecureResponse.html(ErrorPage.overlay(problem.description, reloadScript: script), status: .internalServerError)
        }
    }
}
