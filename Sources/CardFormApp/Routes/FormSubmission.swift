import CardEngine
import HTTPServer

/// Applies a whole posted form to a session: what the page script sends with submit, and what a
/// browser without JavaScript posts.
enum FormSubmission {
    static func apply(_ form: FormFields, to session: inout CardSession, in environment: SessionEnvironment) {
        for field in session.configuration.configuredFields {
            guard let value = form[field.rawValue] else { continue }
            session.update(field, value: value, caret: value.utf16.count, event: .input, in: environment)
        }
        if let network = form["cardNetwork"].flatMap(CardNetwork.init(rawValue:)) {
            session.selectNetwork(network, in: environment)
        }
    }
}
