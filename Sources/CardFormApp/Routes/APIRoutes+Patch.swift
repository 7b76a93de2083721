import CardEngine
import HTTPServer

extension APIRoutes {
    /// `PATCH /api/sessions/<id>`: `{"fields": {...}, "options": {...}}` sets fields the card is
    /// not made of and options of an open session → `200` with its state; `400` for a card field
    /// or a value that cannot take effect, `409` while it is paying or once it is done.
    func updateSession(_ request: RouteRequest) throws(Refusal) -> Response {
        let patch: SessionPatch
        do {
            patch = try SessionPatch.parse(request.request.body)
        } catch {
            throw .json(.badRequest, error.code, error.message, field: error.field)
        }
        let environment = app.environment
        switch try app.lookup(request.id, { $0.apply(patch, in: environment) }) {
        case .live(.updated(let state)):
            return SecureResponse.json(state)
        case .live(.notOpen(let phase)):
            throw .json(.conflict, "session-not-open", "The session is \(phase.rawValue): it cannot be changed now.")
        case .live(.refused(let error)):
            throw .json(.badRequest, error.code, error.message, field: error.field)
        case .expired:
            throw .json(.conflict, "session-not-open", "The session has expired.")
        case .unknown:
            throw .json(.notFound, "not-found", "No session with this id.")
        }
    }
}
