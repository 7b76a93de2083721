import CardEngine
import Foundation
import HTTPServer

/// The merchant's server-to-server API (CONTRACT §3); the secret key is checked by `Access`.
struct APIRoutes {
    let app: AppContext

    /// `POST /api/sessions`: one call creates a session → `201 {id, url, expiresAt}`.
    func createSession(_ request: RouteRequest) throws(Refusal) -> Response {
        let configuration: SessionConfiguration
        do {
            configuration = try SessionConfiguration.parse(request.request.body, defaults: app.defaults)
        } catch {
            throw .json(.badRequest, error.code, error.message, field: error.field)
        }
        if let problem = ThemeStylesheet.problem(in: configuration.appearance) {
            throw .json(.badRequest, "invalid-appearance", problem.message, field: "appearance.\(problem.key)")
        }
        let environment = app.environment
        let now = Date()
        let record: SessionRecord
        do {
            record = try app.store.create(now: now) { id in CardSession(id: id, configuration: configuration, environment: environment) }
        } catch {
            throw Refusal(.store(error))
        }
        app.logger.log("session-created", ["session": .idPrefix(record.id)])
        let expiresAt = app.configuration.sessionLifetime.expiresAt(createdAt: now)
        return SecureResponse.json(
            .object(JSONObject([
                (key: "id", value: .string(record.id)),
                (key: "url", value: .string("/s/\(record.id)")),
                (key: "expiresAt", value: .string(expiresAt.formatted(.iso8601))),
            ])),
            status: .created)
    }

    /// `GET /api/sessions/<id>`: the session state as JSON (the card number masked, no CVV).
    func state(_ request: RouteRequest) throws(Refusal) -> Response {
        let environment = app.environment
        switch try app.lookup(request.id, { $0.session.stateJSON(in: environment) }) {
        case .live(let state): return SecureResponse.json(state)
        case .expired(let record): return SecureResponse.json(record.session.stateJSON(in: environment))
        case .unknown: throw .json(.notFound, "not-found", "No session with this id.")
        }
    }

    /// `GET /api/customers/<id>/cards`: the customer's saved cards, masked.
    func customerCards(_ request: RouteRequest) throws(Refusal) -> Response {
        SecureResponse.json(app.payments.savedCardsJSON(customerId: String(request.id)))
    }
}
