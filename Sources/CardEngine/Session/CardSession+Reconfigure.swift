extension CardSession {
    /// The merchant changed the session's options after creation (`PATCH /api/sessions/<id>`):
    /// networks, validity and shown errors follow the new configuration (a field no longer shown
    /// keeps its value but shows no error). Ignored unless the session accepts input.
    public mutating func reconfigure(_ changed: SessionConfiguration, in environment: SessionEnvironment) -> SessionChanges {
        guard phase.acceptsInput else { return [] }
        let before = snapshot
        configuration = changed
        errors.removeAll { !changed.isConfigured($0.field) }
        refreshNetworks(in: environment)
        for field in changed.configuredFields { recheck(field, in: environment) }
        return changes(since: before)
    }

    /// The merchant sets a field the card is not made of (a name, an address part, the country)
    /// after creation: formatted and checked as a paste, its dependents re-checked. A disabled
    /// field takes it too (the merchant's value is the one a disabled field keeps). The card
    /// number, expiry and CVV are the shopper's alone: nil, nothing changed. Nil too for a field
    /// the form does not show, or while the session does not accept input.
    public mutating func prefill(_ field: FieldType, value: String, in environment: SessionEnvironment) -> SessionChanges? {
        guard phase.acceptsInput, shows(field), !field.spec.rule.describesCard else { return nil }
        let before = snapshot
        let previous = values[field]
        let raw = Self.bounded(value)
        values[field] = format(field, edit: FieldEdit(previous: previous, raw: raw, caret: raw.utf16.count), event: .paste, in: environment).value
        if !values[field].isEmpty { touchedFields.set(field, true) }
        recheck(field, in: environment)
        if values[field] != previous { refreshDependents(of: field, in: environment) }
        var changes = self.changes(since: before)
        if values[field] != previous { changes.insert(.value) }
        return changes
    }
}
