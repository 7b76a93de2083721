import CardEngine

/// What the live region is to say after an event, worded by the view in the page's language.
enum Announcement: Hashable, Sendable {
    /// An error that just appeared, said with its field's label ("Card number: Invalid card number").
    case fieldError(FieldError)
    /// A refused submit: how many fields need attention ("3 fields need attention").
    case errorCount(Int)
    /// A co-badged card posted before the shopper could choose its network: the choice's guide.
    case networkChoice
}

extension FormView {
    /// The words for `announcement`, as screen readers should hear them.
    func words(for announcement: Announcement) -> String {
        switch announcement {
        case .fieldError(let error):
            let options = session.configuration.options(for: error.field)
            let key = ErrorWords.Key(
                language: pack.language, error: error, label: options.label, messages: options.messages,
                country: labelCountry(error.field, options: options))
            return resources.errorWords.entry(for: key) {
                let message = pack.catalog.message(for: error.field, issue: error.issue, overrides: options.messages)
                return pack.string("ui.fieldError", ["field": shownLabel(error.field, options: options), "message": message])
                    ?? message
            }
        case .errorCount(let count):
            // The pattern's branch for the count, never the pattern itself.
            return pack.catalog.plural("ui.errorCount", count: count) ?? ""
        case .networkChoice:
            return pack.string("guide.cardNetwork") ?? ""
        }
    }

    /// What the live region says when a page first learns that the payment moved on: that it is
    /// processing, that it failed and why, or that it succeeded; nil in the other phases.
    var phaseAnnouncement: String? {
        switch session.phase {
        case .processing:
            return pack.string("ui.processingAnnouncement")
        case .failed(let payment):
            return pack.string("ui.failedAnnouncement", ["reason": LeafFacts.declineMessage(payment, pack: pack)])
        case .succeeded:
            return pack.string("ui.paymentSucceeded")
        case .ready, .cancelled, .expired:
            return nil
        }
    }

    /// The field's label as its block shows it (the merchant's, the country's, or the language's).
    /// Only the label is worked out: the field's whole state would word its error, guide and extras too.
    func shownLabel(_ field: FieldType, options: FieldOptions) -> String {
        if let shown = shownLabel(field, options: options, followsCountry: field.spec.followsCountry) { return shown }
        if case .string(let label)? = pack.fieldBasics[field]?["label"] { return label }
        return field.rawValue
    }
}
