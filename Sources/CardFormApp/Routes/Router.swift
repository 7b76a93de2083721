import HTTPServer

/// The app's one `Responder`: parses the route and hands the request to its handler.
struct Router: Responder {
    let app: AppContext
    /// `--dev` only: live reload.
    let reloader: DevReloader?

    func respond(to request: Request) -> Response {
        guard let route = Route(method: request.method, path: request.path) else {
            return SecureResponse.text("not found\n", status: .notFound)
        }
        var response = overlay(for: route) ?? handle(route, request)
        response.route = RouteName(route.template)
        return response
    }

    /// `--dev`, after a save broke a template: pages show the error instead of a stale form.
    private func overlay(for route: Route) -> Response? {
        guard app.configuration.dev, let problem = app.currentReloadProblem else { return nil }
        switch route {
        case .page, .postForm, .input, .network, .submit, .cancel, .demo:
            let script = app.resources.assets.url(for: "dev-reload.js")
            return SecureResponse.html(ErrorPage.overlay(problem.description, reloadScript: script), status: .internalServerError)
        default:
            return nil
        }
    }

    private func handle(_ route: Route, _ request: Request) -> Response {
        switch route {
        case .health: SecureResponse.text("ok", status: .ok)
        case .asset(let path): AssetRoutes(app: app).asset(path, request)
        case .createSession: APIRoutes(app: app).createSession(request, requireKey: true)
        case .sessionState(let id): APIRoutes(app: app).state(id, request)
        case .customerCards(let id): APIRoutes(app: app).customerCards(id, request)
        case .page(let id): PageRoutes(app: app).page(id, request)
        case .postForm(let id): PageRoutes(app: app).postForm(id, request)
        case .input(let id): FragmentRoutes(app: app).input(id, request)
        case .network(let id): FragmentRoutes(app: app).network(id, request)
        case .submit(let id): FragmentRoutes(app: app).submit(id, request)
        case .cancel(let id): FragmentRoutes(app: app).cancel(id, request)
        case .events(let id): FragmentRoutes(app: app).events(id, request)
        case .theme(let id): AssetRoutes(app: app).theme(id, request)
        case .embedScript: AssetRoutes(app: app).embedScript(request)
        case .demo: DemoRoutes(app: app).page(request)
        case .demoSession: DemoRoutes(app: app).createSession(request)
        case .devEvents: DemoRoutes(app: app).devEvents(request, reloader: reloader)
        case .shell(let id): ShellRoutes(app: app).bootstrap(id, request)
        case .shellPreflight(let id): ShellRoutes(app: app).preflight(id, request)
        case .shellEvent(let id, let event): ShellRoutes(app: app).event(id, event, request)
        }
    }
}
