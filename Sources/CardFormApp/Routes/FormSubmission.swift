import CardEngine
import HTTPServer

/// Applies a whole posted form to a session: what the page script sends with submit, and what a
/// browser without JavaScript posts.
enum FormSubmission {
    /// Returns the fields whose posted value the session took (none while a payment is processing).
    static func apply(_ form: FormFields, to session: inout CardSession, in environment: SessionEnvironment) -> [FieldType] {
        var applied: [FieldType] = []
        for field in session.configuration.configuredFields {
            guard let value = form[field.rawValue] else { continue }
            let update = session.update(field, value: value, caret: value.utf16.count, event: .input, in: environment)
            if !update.wasIgnored { applied.append(field) }
        }
        if let network = form["cardNetwork"].flatMap(CardNetwork.init(rawValue:)) {
            session.selectNetwork(network, in: environment)
        }
        return applied
    }
}
