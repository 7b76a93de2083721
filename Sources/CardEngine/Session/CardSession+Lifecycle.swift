extension CardSession {
    /// The surcharge of the shown network (from `surcharges`), nil when it has none.
    public var surchargeAmountRaw: Int? {
        guard let network = networks.selected, let amount = configuration.surcharges[network], amount > 0 else {
            return nil
        }
        return amount
    }

    /// The surcharge as shown next to the pay button, e.g. "+ €1.09" (locale's currency format).
    public var surchargeAmount: String? {
        guard let raw = surchargeAmountRaw, let currency = configuration.currency else { return nil }
        return "+ " + MoneyFormatter.format(minorUnits: raw, currency: currency, locale: locale)
    }

    /// The amount to pay, formatted ("€10.00"), nil without an amount.
    public var formattedAmount: String? {
        guard let amount = configuration.amount, let currency = configuration.currency else { return nil }
        return MoneyFormatter.format(minorUnits: amount, currency: currency, locale: locale)
    }

    /// The amount plus the surcharge, formatted, nil without an amount.
    public var formattedTotal: String? {
        MoneyFormatter.formattedTotal(amount: configuration.amount, surcharge: surchargeAmountRaw, currency: configuration.currency, locale: locale)
    }

    /// The shopper pressed pay. Every configured field runs its full rule; with no error the
    /// session turns `processing` and hands back the payment to create. Ignored while processing
    /// or once finished.
    public mutating func submit(in environment: SessionEnvironment) -> SubmitAction {
        guard phase.acceptsInput else { return .ignored }
        var failures: [FieldError] = []
        for field in configuration.configuredFields {
            let check = check(field, mode: .submit, in: environment)
            validFields.set(field, check.isValid)
            setError(field, check.issue)
            if let issue = check.issue { failures.append(FieldError(field: field, issue: issue)) }
        }
        guard failures.isEmpty else { return .rejected(failures) }
        let draft = makeDraft()
        phase = .processing
        return .startPayment(draft)
    }

    /// The payment's outcome. Applied only while processing (nothing changes otherwise): the
    /// phase becomes `succeeded` (the card forgotten but for its mask) or `failed`, after which
    /// the shopper may edit and submit again.
    @discardableResult
    public mutating func paymentResult(_ result: PaymentResult) -> SessionChanges {
        guard phase == .processing else { return [] }
        switch result.status {
        case .succeeded: phase = .succeeded(result, maskedCard: forgetCardData())
        case .failed: phase = .failed(result)
        }
        return [.phase]
    }

    /// The shopper gave up. Ignored while processing and once finished.
    @discardableResult
    public mutating func cancel() -> SessionChanges {
        guard phase.acceptsInput else { return [] }
        phase = .cancelled(maskedCard: forgetCardData(), lastAttempt: phase.payment)
        return [.phase]
    }

    /// The session outlived its time: it expires unless it succeeded (which it keeps) or a payment
    /// is in flight (its result is awaited).
    public mutating func expire() -> ExpiryOutcome {
        switch phase {
        case .processing:
            return .paymentPending
        case .succeeded, .expired:
            return .ended
        case .ready, .failed, .cancelled:
            phase = .expired(maskedCard: forgetCardData(), lastAttempt: phase.payment)
            return .ended
        }
    }

    /// Once the session can no longer pay, it keeps nothing of the card but its masked number:
    /// the number and the CVV are dropped from memory. Returns the mask (the one kept before, if
    /// the card was already forgotten).
    private mutating func forgetCardData() -> String {
        let mask = maskedValue(for: .cardNumber)
        values[.cardNumber] = ""
        values[.cvv] = ""
        return mask
    }

    private func makeDraft() -> PaymentRequestDraft {
        let expiry = values[.expiryDate].split(separator: "/")
        let trimmed = { (field: FieldType) in self.values[field].trimming(" ") }
        var billing: [FieldType: String] = [:]
        for field in configuration.activeBillingFields where !trimmed(field).isEmpty { billing[field] = trimmed(field) }
        return PaymentRequestDraft(
            sessionId: id, network: networks.selected ?? .other, preferredNetwork: pickedNetwork,
            cardNumber: values[.cardNumber].filter(\.isNumber),
            expiryMonth: expiry.first.flatMap { Int($0) } ?? 0,
            expiryYear: 2000 + (expiry.count > 1 ? Int(expiry[1]) ?? 0 : 0),
            cvv: values[.cvv],
            cardholderName: shows(.cardholderName) ? trimmed(.cardholderName) : nil,
            billing: billing, amount: configuration.amount, surcharge: surchargeAmountRaw,
            currency: configuration.currency, customerId: configuration.customerId, metadata: configuration.metadata,
            binRecord: networks.record)
    }
}

extension CardSession {
    /// A session to stand in a record's place while `session` is lent out by move (the app
    /// renders a page from the session itself, moved into the view and back, rather than from a
    /// copy, which retains and releases each of its strings and lists). It shares the
    /// configuration and the fields' shared empty values, and nothing else: made and dropped, it
    /// costs two reference counts either way. It is never to be read or kept, so only this
    /// package may make one. `session` is borrowed: an initializer's parameters are otherwise
    /// taken owned, a whole copy of the session.
    package init(standingInFor session: borrowing CardSession) {
        id = ""
        configurationBox = session.configurationBox
        locale = ""
    }
}
