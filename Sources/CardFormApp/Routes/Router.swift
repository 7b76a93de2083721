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
        case .found(let route, let parameters):
            do {
                var routeRequest = RouteRequest(request: request, parameters: parameters)
                response = try table.respond(route: route, to: &routeRequest)
            } catch {
                response = error.response(app: app, acceptLanguage: request.header(.acceptLanguage))
            }
            // A `StaticString` wrapper: read in place, no reference count.
            response.route = table.routes[route].pattern
        case .methodNotAllowed(let methods):
            response = Refusal(.methodNotAllowed(methods)).response(app: app)
        case .notFound:
            response = Refusal.notFound.response(app: app)
        }
        // A page event's answer comes with its headers finished (`SecureResponse.fragmentHeaders`,
        // the one list the app prepares for the wire), and a keystroke's is too small to
        // compress: guarding would add nothing and compression would leave it as it is, at
        // ~1,000 instructions and a few reference counts per keystroke.
        if response.headers.isPrepared, response.body.count < Compression.minimumSize {
            assert(SecureResponse.isGuarded(response.headers), "a prepared header list lacks a baseline header")
            return response
        }
        SecureResponse.guarding(&response.headers)
        Compression.negotiate(&response, acceptEncoding: request.header(.acceptEncoding))
        return response
    }
}
