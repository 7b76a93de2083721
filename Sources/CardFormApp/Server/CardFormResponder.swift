import HTTPServer

/// The app's one responder: maps each request to a route. For now only `GET /healthz`
/// (CONTRACT §3); every other route grows here.
struct CardFormResponder: Responder {
    func respond(to request: Request) -> Response {
        switch (request.method, request.path) {
        case (.get, "/healthz"), (.head, "/healthz"):
            var response = Response.text("ok")
            response.route = "/healthz"
            return response
        default:
            return .text("not found\n", status: .notFound)
        }
    }
}
