import CardEngine
import Foundation
import HTTPServer

/// The merchant's server-to-server API, authenticated with the secret key (CONTRACT §3).
struct APIRoutes {
    let app: AppContext

    /// `POST /api/sessions`: one call creates a session → `201 {id, url, expiresAt}`.
    func createSession(_ request: Request, requireKey: Bool) -> Response {
        if requireKey, let refusal = authenticate(request) { return refusal }
        let configuration: SessionConfiguration
        do {
            configuration = try SessionConfiguration.parse(request.body, defaults: app.defaults)
        } catch {
            return SecureResponse.json(error.json, status: .badRequest)
        }
        if let problem = ThemeStylesheet.problem(in: configuration.appearance) {
            return SecureResponse.jsonError("invalid-appearance", problem.message, field: "appearance.\(problem.key)", status: .badRequest)
        }
        let environment = app.environment
        let entry: SessionEntry
        do {
            entry = try app.store.create { id in CardSession(id: id, configuration: configuration, environment: environment) }
        } catch {
            return SecureResponse.jsonError("too-many-sessions", "The server holds as many sessions as it may; try again later.", status: .serviceUnavailable)
        }
        app.logger.log("session-created", ["session": .idPrefix(entry.id)])
        let expiresAt = Date().addingTimeInterval(TimeInterval(app.configuration.sessionTTLSeconds))
        return SecureResponse.json(
            .object(JSONObject([
                (key: "id", value: .string(entry.id)),
                (key: "url", value: .string("/s/\(entry.id)")),
                (key: "expiresAt", value: .string(expiresAt.formatted(.iso8601))),
            ])),
            status: .created)
    }

    /// `GET /api/sessions/<id>`: the session state as JSON (the card number masked, no CVV).
    func state(_ id: Substring, _ request: Request) -> Response {
        if let refusal = authenticate(request) { return refusal }
        switch app.store.lookup(id) {
        case .live(let entry), .expired(let entry):
            let environment = app.environment
            return SecureResponse.json(entry.state.withLock { $0.session.stateJSON(in: environment) })
        case .unknown:
            return SecureResponse.jsonError("not-found", "No session with this id.", status: .notFound)
        }
    }

    /// `GET /api/customers/<id>/cards`: the customer's saved cards, masked.
    func customerCards(_ id: Substring, _ request: Request) -> Response {
        if let refusal = authenticate(request) { return refusal }
        return SecureResponse.json(app.payments.savedCardsJSON(customerId: String(id)))
    }

    /// nil when the request carries the secret key; otherwise the 401 to answer.
    private func authenticate(_ request: Request) -> Response? {
        guard let key = app.configuration.secretKey else {
            return SecureResponse.jsonError(
                "no-secret-key", "The server has no secret key configured (CARDFORM_SECRET_KEY).", status: .unauthorized)
        }
        let header = request.headers["Authorization"] ?? ""
        guard header.hasPrefix("Bearer "), RandomToken.constantTimeEquals(String(header.dropFirst(7)), key) else {
            var response = SecureResponse.jsonError("unauthorized", "Send the secret key as \"Authorization: Bearer <key>\".", status: .unauthorized)
            response.headers.add("WWW-Authenticate", "Bearer")
            return response
        }
        return nil
    }
}
