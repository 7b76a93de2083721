import HTTPServer

/// The app's one `Responder`: finds the route, runs it through its middleware, turns a refusal
/// into its answer (the one place that does), and gives every answer the security headers.
struct Router: Responder {
    let app: AppContext
    let table: RouteTable

    init(app: AppContext, reloader: DevReloader?) {
        self.app = app
        self.table = .cardform(app: app, reloader: reloader)
    }

    func respond(to request: Request) -> Response {
        var response: Response
        switch table.match(method: request.method, path: request.path) {
        case .found(let pattern, let route, let parameters):
            do {
                var routeRequest = RouteRequest(request: request, parameters: parameters)
                response = try table.respond(route: route, to: &routeRequest)
            } catch {
                response = error.response(app: app, acceptLanguage: request.header(.acceptLanguage))
            }
            response.route = pattern
        case .methodNotAllowed(let methods):
            response = Refusal(.methodNotAllowed(methods)).response(app: app)
        case .notFound:
            response = Refusal.notFound.response(app: app)
        }
        SecureResponse.guarding(&response.headers)
        Compression.negotiate(&response, acceptEncoding: request.header(.acceptEncoding))
        return response
    }
}
