extension CardSession {
    /// The full rule's verdict on `field`'s current value (billing rules take the mode into
    /// account; card rules report "potentially valid" whatever the mode).
    func check(_ field: FieldType, mode: ValidationMode, in environment: SessionEnvironment) -> FieldCheck {
        let value = values[field]
        let required = configuration.isRequired(field)
        switch field.spec.rule {
        case .cardNumber:
            // The number's digits gathered on the stack: a list made for them cost an allocation
            // and its release (~350 instructions) on every check of the number.
            var value = value
            let rule = configurationBox.cardNumberRule
            return value.withUTF8 { bytes in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
                    var count = 0
                    for byte in bytes where byte != 0x20 {
                        buffer[count] = byte
                        count += 1
                    }
                    return rule.check(
                        digits: UnsafeBufferPointer(rebasing: buffer[..<count]), possible: networks.possible,
                        shown: networks.selected, required: required)
                }
            }
        case .expiryDate:
            return ExpiryRule().check(value, today: environment.clock.currentMonth, required: required)
        case .securityCode:
            return CVVRule.check(value, code: securityCode, required: required)
        case .cardholderName:
            return CardholderNameRule.check(value, required: required, rules: configuration.cardholderNameRules)
        case .billing(let rule):
            return BillingRules.check(
                value, rule: rule, followsCountry: field.spec.followsCountry, country: country, required: required, mode: mode)
        }
    }

    /// The error to show for a check: while typing only what can no longer become valid, on blur
    /// and submit whatever the full rule finds.
    static func shownIssue(_ check: FieldCheck, mode: ValidationMode) -> ValidationIssue? {
        mode == .typing && check.isPotentiallyValid ? nil : check.issue
    }

    mutating func setError(_ field: FieldType, _ issue: ValidationIssue?) {
        if let index = errors.firstIndex(where: { $0.field == field }) {
            // The same error again (each keystroke of a field already showing one) leaves the list
            // alone: writing it would copy the list the event's first snapshot shares, and the
            // snapshots would then compare them element by element.
            if let issue {
                if errors[index].issue != issue { errors[index].issue = issue }
            } else {
                errors.remove(at: index)
            }
            return
        }
        guard let issue else { return }
        let order = configuration.configuredFields
        let position = order.firstIndex(of: field) ?? order.count
        let insertAt = errors.firstIndex { (order.firstIndex(of: $0.field) ?? order.count) > position } ?? errors.count
        errors.insert(FieldError(field: field, issue: issue), at: insertAt)
    }

    /// Re-checks the fields whose rule depends on `field` (the CVV on the card's network; postal
    /// code, state and city on the country), keeping their shown errors honest: a shown error is
    /// replaced by the full rule's verdict (cleared if the value now passes), and a value that can
    /// no longer become valid shows its error even though the shopper is elsewhere.
    mutating func refreshDependents(of field: FieldType, in environment: SessionEnvironment) {
        for dependent in field.spec.dependents where shows(dependent) {
            recheck(dependent, in: environment)
        }
    }

    /// Re-checks one field whose value did not change but whose rule's inputs did.
    mutating func recheck(_ field: FieldType, in environment: SessionEnvironment) {
        let check = check(field, mode: .typing, in: environment)
        validFields.set(field, check.isValid)
        if errors.contains(where: { $0.field == field }) {
            setError(field, check.issue)
        } else if !values[field].isEmpty, !check.isPotentiallyValid, configuration.validateOn(field) != .submit {
            setError(field, check.issue)
        }
    }
}
