import CardEngine

/// What an event may have changed in the view model's data, as the renderer decides from it: one
/// bit per field's value, one per field's error, and one for each thing the whole form shares.
///
/// `ViewDependencies` says which of these can alter each place of the data; `BlockPlan` turns that
/// into the changes each block depends on, once per template set.
struct ViewChanges: OptionSet, Hashable, Sendable {
    let rawValue: UInt64

    init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// `field`'s shown value.
    static func value(_ field: FieldType) -> ViewChanges { ViewChanges(rawValue: 1 << UInt64(field.position)) }
    /// `field`'s verdict: its shown error (message, code, `invalid` flag) and whether it passes
    /// its rule (`valid`, the tick).
    static func error(_ field: FieldType) -> ViewChanges { ViewChanges(rawValue: 1 << UInt64(errorBase + field.position)) }
    /// Every field's value, or every field's error.
    static let anyValue = ViewChanges(FieldType.allCases.map(value))
    static let anyError = ViewChanges(FieldType.allCases.map(error))
    /// The available, selected or selectable networks and what follows them (badges, CVV, lengths).
    static let networks = ViewChanges(rawValue: 1 << 56)
    static let surcharge = ViewChanges(rawValue: 1 << 57)
    /// Whether the form is valid and can be submitted.
    static let validity = ViewChanges(rawValue: 1 << 58)
    /// The phase, the payment and its result, loading.
    static let phase = ViewChanges(rawValue: 1 << 59)
    /// What the live region says.
    static let announcement = ViewChanges(rawValue: 1 << 60)
    /// Anything at all: events the renderer does not track (submit, cancel, poll).
    static let everything = ViewChanges(rawValue: .max)

    private static let errorBase = 28

    /// The changes an engine event reports, made precise: `edited` is the field whose value the
    /// event set, and the verdicts before and after tell which fields' errors or validity changed.
    init(_ changes: SessionChanges, edited: FieldType?, before: FieldVerdicts, after: FieldVerdicts) {
        self.init(changes, edited: edited)
        // A field's block shows its first listed error (`FormView.fieldState`). Only the fields
        // listed on either side can have changed theirs (the others show none before and after),
        // so those few are compared, not all 14; comparing each one's first error, rather than
        // looking for an error missing from the other side, stays right even if a list ever held
        // two errors for one field (the engine keeps one, `CardSession.errors`).
        if changes.contains(.errors), before.errors != after.errors {
            for error in before.errors where before.shownError(error.field) != after.shownError(error.field) { insert(.error(error.field)) }
            for error in after.errors where before.shownError(error.field) != after.shownError(error.field) { insert(.error(error.field)) }
        }
        // A field turning valid or invalid shows on its own block (its tick), as its error does.
        if changes.contains(.validity) {
            insert(before.valid.symmetricDifference(after.valid))
        }
    }

    /// An edit's changes: the engine names the fields whose shown error or validity it changed,
    /// from the state it compares anyway, so no verdicts are taken around it.
    init(_ update: FieldUpdate) {
        self.init(update.changes, edited: update.field)
        let verdicts = update.errorFields.union(update.validityFields)
        guard !verdicts.isEmpty else { return }
        for field in FieldType.allCases where verdicts.contains(field) { insert(.error(field)) }
    }

    /// The changes that follow from the engine's report alone: the edited value and what the
    /// whole form shares.
    private init(_ changes: SessionChanges, edited: FieldType?) {
        self = []
        if changes.contains(.value), let edited { insert(.value(edited)) }
        if changes.contains(.networks) { insert(.networks) }
        if changes.contains(.surcharge) { insert(.surcharge) }
        if changes.contains(.validity) { insert(.validity) }
        if changes.contains(.phase) { insert(.phase) }
        // `.focus` shows nowhere in the data.
    }
}

/// What `ViewChanges` compares across an event: each field's shown error and the fields that pass
/// their rule.
struct FieldVerdicts {
    let errors: [FieldError]
    /// The fields that pass, as their `ViewChanges.error` bits: a field turning valid or invalid
    /// is a bit of the two sets' symmetric difference, with no set to build and hash.
    let valid: ViewChanges

    /// The error `field`'s block shows: its first in the list.
    func shownError(_ field: FieldType) -> FieldError? { errors.first { $0.field == field } }
}

extension CardSession {
    /// The verdicts as they are now. Taken by the session (`record.session.verdicts`): handed to
    /// an initializer from inside a mutating event, the session would be copied whole first.
    var verdicts: FieldVerdicts {
        var valid: ViewChanges = []
        forEachValidField { valid.insert(.error($0)) }
        return FieldVerdicts(errors: fieldErrors, valid: valid)
    }
}
