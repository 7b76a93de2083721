import CardEngine

/// What a merchant's `PATCH /api/sessions/<id>` did.
enum PatchOutcome: Sendable {
    /// Applied; the session's state JSON after it.
    case updated(JSONValue)
    /// The session is paying, or done: nothing changed (409).
    case notOpen(SessionPhase.Name)
    /// A value or option that cannot take effect: nothing changed (400).
    case refused(ConfigurationError)
}

extension SessionRecord {
    /// Applies the merchant's patch whole or not at all: options first (so a field shown by
    /// them can take a value), then each value. Open pages see the change with their next answer.
    mutating func apply(_ patch: SessionPatch, in environment: SessionEnvironment) -> PatchOutcome {
        guard session.phase.acceptsInput else { return .notOpen(session.phase.name) }
        var changed = session
        if let options = patch.options {
            let configuration: SessionConfiguration
            do {
                configuration = try changed.configuration.applying(options)
            } catch {
                return .refused(ConfigurationError(code: error.code, message: error.message, field: error.field.map { "options." + $0 }))
            }
            if let problem = ThemeStylesheet.problem(in: configuration.appearance) {
                return .refused(ConfigurationError(code: "invalid-appearance", message: problem.message, field: "options.appearance.\(problem.key)"))
            }
            _ = changed.reconfigure(configuration, in: environment)
        }
        for (field, value) in patch.values where changed.prefill(field, value: value, in: environment) == nil {
            return .refused(ConfigurationError(
                code: "field-not-shown", message: "The form does not show \(field.rawValue).", field: "fields.\(field.rawValue)"))
        }
        session = changed
        markPagesStale()
        return .updated(session.stateJSON(in: environment))
    }
}
