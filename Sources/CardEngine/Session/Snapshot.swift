/// The parts of the state an event can change, taken before and after it to report
/// `SessionChanges`.
///
/// Taken twice per keystroke, so it holds only what is cheap to take and compare: no array is built
/// for it, and it is taken by the session itself (`snapshot`), since handing the session to an
/// initializer from inside a mutating event copies the whole session first.
struct Snapshot {
    let errors: [FieldError]
    /// Nil when not taken: an edit of a field other than the card number leaves the networks, and
    /// the surcharge they decide, as they were (`CardSession.snapshot(withNetworks:)`).
    let networks: ShownNetworks?
    let surcharge: Int?
    let validity: (Bool, Bool)
    /// The fields complete and valid: the page tells the merchant each one that passes.
    let completeFields: FieldSet
    let focusedField: FieldType?
    let phase: SessionPhase.Name

    /// What changed from this snapshot to `after`.
    func changes(to after: Snapshot) -> SessionChanges {
        // Two snapshots taken differently would report networks that only one of them holds.
        assert((networks == nil) == (after.networks == nil), "snapshots compared must both hold the networks, or neither")
        var changes: SessionChanges = []
        if errors != after.errors { changes.insert(.errors) }
        if networks != after.networks { changes.insert(.networks) }
        if surcharge != after.surcharge { changes.insert(.surcharge) }
        // `canSubmit` follows from these two and the phase, reported on its own.
        if validity != after.validity || completeFields != after.completeFields { changes.insert(.validity) }
        if focusedField != after.focusedField { changes.insert(.focus) }
        if phase != after.phase { changes.insert(.phase) }
        return changes
    }

    /// The fields whose shown error (the first listed for each) differs in `after`: only those
    /// listed on either side can differ, so the other fields are not looked at. Each field is
    /// compared once, in place: the lists are short, but an issue copied out costs a dozen retains.
    func errorFields(to after: Snapshot) -> FieldSet {
        var fields = FieldSet()
        for index in errors.indices where Self.isShown(at: index, in: errors) {
            let field = errors[index].field
            if let other = after.errors.firstIndex(where: { $0.field == field }),
                after.errors[other].issue == errors[index].issue
            {
                continue
            }
            fields.set(field, true)
        }
        for index in after.errors.indices where Self.isShown(at: index, in: after.errors) {
            let field = after.errors[index].field
            if !errors.contains(where: { $0.field == field }) { fields.set(field, true) }
        }
        return fields
    }

    /// Whether `errors[index]` is the error its field shows: the first listed for it.
    private static func isShown(at index: Int, in errors: [FieldError]) -> Bool {
        let field = errors[index].field
        return !errors[..<index].contains { $0.field == field }
    }

    /// The fields that turned valid or stopped being valid by `after`.
    func validityFields(to after: Snapshot) -> FieldSet { completeFields.symmetricDifference(after.completeFields) }
}

/// What the shopper sees of the networks: a change here re-renders the badges and the selector.
///
/// `binData` is kept as what it is made of (its alternatives are `available` less `preferred`), so
/// comparing it builds no list.
struct ShownNetworks: Equatable {
    let available: [CardNetwork]
    let selected: CardNetwork?
    /// `binData`: nil without digits; else its preferred network and whether the BIN data answered.
    let hasDigits: Bool
    let preferred: CardNetwork?
    let isComplete: Bool
    let isSelectable: Bool
}

extension CardSession {
    /// The state an event may change, as it is now.
    var snapshot: Snapshot { snapshot(withNetworks: true) }

    /// The state an event may change; without the networks and the surcharge when the event cannot
    /// change them (compare it only with one taken alike).
    func snapshot(withNetworks: Bool) -> Snapshot {
        // The complete fields read off the configuration's field set (`forEachValidField`'s, as a
        // set): walking its two lists (the billing one computed per call) cost ~60 instructions more.
        let complete = values.filled(among: validFields.intersection(configurationBox.configuredFields))
        return Snapshot(
            errors: errors, networks: withNetworks ? shownNetworks : nil, surcharge: withNetworks ? surchargeAmountRaw : nil,
            validity: (isValid, isBillingValid), completeFields: complete, focusedField: focusedField, phase: phase.name)
    }

    /// What changed since `before` was taken.
    func changes(since before: Snapshot) -> SessionChanges { before.changes(to: snapshot) }

    private var shownNetworks: ShownNetworks {
        let hasDigits = networks.digitCount > 0
        return ShownNetworks(
            available: networks.available, selected: networks.selected, hasDigits: hasDigits,
            preferred: hasDigits ? networks.preferred : nil, isComplete: hasDigits && networks.record != nil,
            isSelectable: isNetworkSelectable)
    }
}
