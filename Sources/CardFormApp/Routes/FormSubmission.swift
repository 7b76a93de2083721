import CardEngine
import HTTPServer

/// Applies a whole posted form to a session: what the page script sends with submit, and what a
/// browser without JavaScript posts.
enum FormSubmission {
    static func apply(_ form: FormFields, to session: inout CardSession) {
        for field in session.configuration.configuredFields {
            guard let value = form[field.rawValue] else { continue }
            _ = session.update(field, value: value, caret: value.utf16.count, event: .input)
        }
        if let network = form["cardNetwork"].flatMap(CardNetwork.init(rawValue:)) {
            _ = session.selectNetwork(network)
        }
    }
}
