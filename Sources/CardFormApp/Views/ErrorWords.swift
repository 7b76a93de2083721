import CardEngine

/// The live region's words for an error that just appeared ("Card number: Invalid card number"),
/// kept by what they are made of: wording one looks up the catalog's message, the field's label
/// and the `ui.fieldError` pattern (~6 k instructions), while the same few errors appear again
/// and again across sessions.
///
/// The key holds everything `FormView.words(for:)` reads for an error, so two sessions share an
/// entry only when their words are equal: the language standing for the pack (as for `LeafMemo`:
/// one `FormResources` has one pack per language), the error itself, the merchant's label and
/// message overrides for its field, and the billing country when the field's label follows it.
/// No value is held: an issue's parameters are its rule's (`["min": "3"]`), never the input.
///
/// Held in a `BoundedMemo` shared by every session of a thread and rebuilt with the resources, so an edited
/// catalog never meets old words.
enum ErrorWords {
    struct Key: Hashable, Sendable {
        let language: String
        let error: FieldError
        /// The merchant's `label` for the field, which wins over the language's.
        let label: String?
        /// The merchant's `messages` for the field, which win over the catalog's.
        let messages: [String: String]
        /// The billing country's code, for a field whose label follows it and has no merchant label.
        let country: String?

        /// Hashes the parts that tell errors apart; equality still compares them all. Hashing
        /// the issue's aliases and parameters too would cost more than the rare shared hash.
        func hash(into hasher: inout Hasher) {
            hasher.combine(language)
            hasher.combine(error.field)
            hasher.combine(error.issue.code)
            hasher.combine(country)
        }
    }

    /// Entries per thread (`BoundedMemo`), a sentence and its key each: tens of kilobytes a thread.
    static let capacity = 256
}
