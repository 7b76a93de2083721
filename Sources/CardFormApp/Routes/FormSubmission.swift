import CardEngine
import HTTPServer

/// Applies a whole posted form to a session: what the page script sends with submit, and what a
/// browser without JavaScript posts.
enum FormSubmission {
    /// What a posted form leaves to do before a payment may start.
    enum Outcome: Equatable {
        case applied
        /// The card is co-badged and the page that posted did not offer the network choice (it
        /// held no `cardNetwork` select, or the card changed with this very post): the shopper
        /// sees the choice first, and pays with the next post.
        case networkChoiceNeeded
    }

    /// What a posted form did: the fields whose posted value the session took (none while a
    /// payment is processing), and what is left to do before a payment may start.
    struct Result: Equatable {
        var applied: [FieldType]
        var outcome: Outcome
    }

    /// Applies every configured field's value, then the posted `cardNetwork`. A posted network
    /// counts as the shopper's pick only when the card can run on it and it differs from the one
    /// the page showed selected (the session's `selectedNetwork` before this post): a `<select>`
    /// always posts a value, so leaving it alone must not turn the issuer's network into a pick
    /// (which would be sent to the processor as `preferredNetwork`). A select left alone while
    /// the card's networks changed with this post was about another card: the choice is offered.
    @discardableResult
    static func apply(_ form: FormFields, to session: inout CardSession, in environment: SessionEnvironment) -> Result {
        let shown = session.selectedNetwork
        let networksBefore = session.availableNetworks
        var applied: [FieldType] = []
        for field in session.configuration.configuredFields {
            guard let value = form[named: field.rawValue] else { continue }
            let update = session.update(field, value: value, caret: value.utf16.count, event: .input, in: environment)
            if !update.wasIgnored { applied.append(field) }
        }
        var picked = false
        if let network = form["cardNetwork"].flatMap(CardNetwork.init(rawValue:)), network != shown,
           session.selectableNetworks.contains(network) {
            session.selectNetwork(network, in: environment)
            picked = true
        }
        let offered = form["cardNetwork"] != nil && (picked || session.availableNetworks == networksBefore)
        return Result(applied: applied, outcome: session.isNetworkSelectable && !offered ? .networkChoiceNeeded : .applied)
    }
}
