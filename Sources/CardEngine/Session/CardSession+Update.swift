extension CardSession {
    /// One keystroke, paste, focus or blur in `field` (CONTRACT §3 `POST /s/<id>/input`).
    ///
    /// - Parameters:
    ///   - value: the input's whole value as the browser has it now.
    ///   - caret: the caret in `value` (UTF-16 units, DOM `selectionStart`).
    /// - Returns: the formatted value and caret to put back in the input, and what changed.
    ///   Ignored while processing, once finished, and for fields not configured or disabled.
    ///
    /// Errors: while typing, a field shows one only once its value can no longer become valid (or on
    /// every change with `validateOn: change`); on blur the full rule runs (an empty field is left
    /// as it was: tabbing through the form is not an error); the error clears as soon as the value
    /// is potentially valid again. With `validateOn: submit` only a submit shows a new error.
    ///
    /// After a failed payment, editing the card number, expiry or CVV clears the decline: the
    /// session is `ready` again, as the card it was about is being replaced.
    @discardableResult
    public mutating func update(
        _ field: FieldType, value raw: String, caret: Int, event: InputEvent = .input, in environment: SessionEnvironment
    ) -> FieldUpdate {
        let previous = values[field]
        guard phase.acceptsInput, shows(field), !configurationBox.disabledFields.contains(field) else {
            let current = FormattedValue(value: previous, caret: previous.utf16.count)
            return FieldUpdate(
                field: field, formatted: current, changes: [], errorFields: [], validityFields: [], wasIgnored: true)
        }
        // Only the card number's edit moves the networks (`format`), and with them the surcharge:
        // any other keystroke neither works them out nor compares them, twice.
        let movesNetworks: Bool
        if case .cardNumber = field.spec.rule { movesNetworks = true } else { movesNetworks = false }
        let before = snapshot(withNetworks: movesNetworks)
        switch event {
        case .focus: focusedField = field
        case .blur: if focusedField == field { focusedField = nil }
        case .input, .paste: break
        }
        let shownNetwork = networks.selected
        let (raw, caret) = Self.cleaned(raw, caret: caret)
        var formatted = FormattedValue(value: previous, caret: min(max(caret, 0), previous.utf16.count))
        if raw != previous {
            formatted = format(field, edit: FieldEdit(previous: previous, raw: raw, caret: caret), event: event, in: environment)
            values[field] = formatted.value
        }
        let valueChanged = values[field] != previous
        if valueChanged || event == .blur { validate(field, event: event, in: environment) }
        // The card number's dependent, the CVV, reads only the shown network's security code: an
        // edit that keeps that network leaves the CVV's verdict as its last check left it.
        if valueChanged, field != .cardNumber || networks.selected != shownNetwork {
            refreshDependents(of: field, in: environment)
        }
        if valueChanged, case .failed = phase, field.spec.rule.describesCard { phase = .ready }
        let after = snapshot(withNetworks: movesNetworks)
        var changes = before.changes(to: after)
        if valueChanged { changes.insert(.value) }
        // Most keystrokes change no error: the lists were compared once already.
        let errorFields = changes.contains(.errors) ? before.errorFields(to: after) : FieldSet()
        return FieldUpdate(
            field: field, formatted: formatted, changes: changes, errorFields: errorFields,
            validityFields: before.validityFields(to: after), wasIgnored: false)
    }

    /// Runs `field`'s rule after an event and updates its shown error.
    private mutating func validate(_ field: FieldType, event: InputEvent, in environment: SessionEnvironment) {
        let mode: ValidationMode = event == .blur ? .blur : .typing
        let check = check(field, mode: mode, in: environment)
        validFields.set(field, check.isValid)
        if !values[field].isEmpty { touchedFields.set(field, true) }
        let validateOn = configuration.validateOn(field)
        let issue: ValidationIssue?
        if event == .blur {
            guard !values[field].isEmpty || touchedFields.contains(field) else { return }
            issue = check.issue
        } else {
            issue = validateOn == .change ? check.issue : Self.shownIssue(check, mode: .typing)
        }
        // `validateOn: submit`: a new error waits for the submit; one the submit showed stays honest.
        if validateOn == .submit, issue != nil, error(for: field) == nil { return }
        setError(field, issue)
    }

    /// Formats an edit of `field`; for the card number, also settles the networks in between, since
    /// the network decides the grouping and the longest length.
    mutating func format(
        _ field: FieldType, edit: FieldEdit, event: InputEvent, in environment: SessionEnvironment
    ) -> FormattedValue {
        switch field.spec.rule {
        case .cardNumber:
            let (digits, beforeCaret) = CardNumberFormatter.digits(of: edit)
            let kept = digits.count > CardNumberFormatter.maxDigits ? Array(digits.prefix(CardNumberFormatter.maxDigits)) : digits
            refreshNetworks(afterEditing: kept, in: environment)
            let rules = shownRules
            networks.digitCount = min(networks.digitCount, rules.maxLength)
            return CardNumberFormatter.keepingCaretAfterSpace(
                CardNumberFormatter.group(digits, beforeCaret: beforeCaret, rules: rules), edit: edit)
        case .expiryDate:
            return ExpiryFormatter.format(edit, isPaste: event == .paste, today: environment.clock.currentMonth)
        case .securityCode:
            return edit.filtered(limit: securityCode.maxLength, keeping: { $0.isASCII && $0.isNumber })
        case .cardholderName:
            return CardholderNameFormatter.format(edit, autoCapitalise: configuration.autoCapitalisesCardholderName)
        case .billing(let rule):
            return BillingRules.format(edit, rule: rule, country: country)
        }
    }
}
