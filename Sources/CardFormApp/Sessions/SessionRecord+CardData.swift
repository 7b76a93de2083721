import CardEngine
import HTTPServer

/// The card data rule (CONTRACT §8): the card number, expiry and CVV go back only to the page
/// that entered them.
///
/// The form token does not say who typed the card: anyone holding the session id can open the page
/// and read its token. So the record remembers, per card field, which page last set its value, and
/// every render for any other page (a fresh `GET`, the shell's bootstrap, a resync forced with a
/// stale `rev`) shows that field empty. The page that typed the card keeps it through its own
/// resyncs; a reload is a new page and means retyping the card, as with every hosted field.
extension SessionRecord {
    /// The card fields whose current value page `pageID` entered: the only ones it is shown.
    func cardFields(enteredBy pageID: String) -> FieldSet {
        var fields = FieldSet()
        for (field, page) in cardEntries where page == pageID { fields.set(field, true) }
        return fields
    }

    /// Notes that page `pageID` set the value of each of `fields` (fields that are not card data
    /// are shown to every page and not noted). Call it only for edits the session applied: the
    /// value is then what the page sent, formatted, and nothing of an earlier one.
    mutating func noteEntry(_ fields: some Sequence<FieldType>, by pageID: String) {
        // Most edits come from the page that typed the field last: its entry stays as it is.
        for field in fields where field.isCardData && cardEntries[field] != pageID { cardEntries[field] = pageID }
    }

    /// Applies a whole posted form (the page script's submit, or the form posted without
    /// JavaScript) as page `pageID`'s entries; returns what is left to do before a payment may start.
    @discardableResult
    mutating func applyForm(_ form: FormFields, from pageID: String, in environment: SessionEnvironment) -> FormSubmission.Outcome {
        let result = FormSubmission.apply(form, to: &session, in: environment)
        noteEntry(result.applied, by: pageID)
        markPagesStale(except: pageID)
        return result.outcome
    }
}
