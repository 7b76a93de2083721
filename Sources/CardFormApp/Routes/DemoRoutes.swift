import CardEngine
import HTTPServer
import Mustache

/// `--dev` only: the merchant-style demo page at `/`, which creates sessions without the secret
/// key and shows each in an iframe.
struct DemoRoutes {
    let app: AppContext

    /// `GET /`: the demo page (404 unless `--dev`).
    func page(_ request: Request) -> Response {
        guard app.configuration.dev else { return SecureResponse.text("not found\n", status: .notFound) }
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
            return SecureResponse.html(ErrorPage.withReloadScript(html, resources.assets.url(for: "dev-reload.js")), noStore: false)
        } catch {
            return ErrorPage.response(for: error, dev: true, logger: app.logger)
        }
    }

    /// `POST /demo/sessions`: creates a session from the demo panel's JSON, no key needed.
    func createSession(_ request: Request) -> Response {
        guard app.configuration.dev else { return SecureResponse.text("not found\n", status: .notFound) }
        return APIRoutes(app: app).createSession(request, requireKey: false)
    }

    /// `GET /dev/events`: live reload for open pages (see `DevReloader`).
    func devEvents(_ request: Request, reloader: DevReloader?) -> Response {
        guard let reloader else { return SecureResponse.text("not found\n", status: .notFound) }
        guard let after = (try? request.queryItems)?["after"].flatMap({ Int($0) }) else {
            return SecureResponse.text(String(reloader.version), status: .ok)
        }
        return .deferred(timeout: .seconds(25), fallback: Response(status: .noContent)) { completion in
            reloader.waitForChange(after: after) { version in
                _ = completion.complete(SecureResponse.text(String(version), status: .ok))
            }
        }
    }
}
