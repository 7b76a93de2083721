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
        return "+ " + MoneyFormatter.format(minorUnits: raw, currency: currency, locale: configuration.locale)
    }

    /// The amount to pay, formatted ("€10.00"), nil without an amount.
    public var formattedAmount: String? {
        guard let amount = configuration.amount, let currency = configuration.currency else { return nil }
        return MoneyFormatter.format(minorUnits: amount, currency: currency, locale: configuration.locale)
    }

    /// The amount plus the surcharge, formatted, nil without an amount.
    public var formattedTotal: String? {
        guard let amount = configuration.amount, let currency = configuration.currency else { return nil }
        return MoneyFormatter.format(
            minorUnits: amount + (surchargeAmountRaw ?? 0), currency: currency, locale: configuration.locale)
    }

    /// The shopper pressed pay. Every configured field runs its full rule; with no error the
    /// session turns `processing` and hands back the payment to create. Ignored while processing
    /// or once finished.
    public mutating func submit() -> SubmitAction {
        guard phase.acceptsInput else { return .ignored }
        var failures: [FieldError] = []
        for field in configuration.configuredFields {
            let check = check(field, mode: .submit)
            validFields.set(field, check.isValid)
            setError(field, check.issue)
            if let issue = check.issue { failures.append(FieldError(field: field, issue: issue)) }
        }
        guard failures.isEmpty else { return .rejected(failures) }
        let draft = makeDraft()
        phase = .processing
        payment = nil
        return .startPayment(draft)
    }

    /// The payment's outcome. Applied only while processing (returns false otherwise): the phase
    /// becomes `succeeded` or `failed`; after a failure the shopper may edit and submit again.
    public mutating func paymentResult(_ result: PaymentResult) -> Bool {
        guard phase == .processing else { return false }
        payment = result
        phase = result.status == .succeeded ? .succeeded : .failed
        if phase == .succeeded { forgetCardData() }
        return true
    }

    /// The shopper gave up. Ignored while processing and once finished.
    public mutating func cancel() -> Bool {
        guard phase.acceptsInput else { return false }
        phase = .cancelled
        forgetCardData()
        return true
    }

    /// The session outlived its time. Ignored while processing (the payment's result is awaited)
    /// and after a success.
    public mutating func expire() -> Bool {
        guard phase != .processing, phase != .succeeded, phase != .expired else { return false }
        phase = .expired
        forgetCardData()
        return true
    }

    /// Once the session can no longer pay, it keeps nothing of the card but its masked number:
    /// the number and the CVV are dropped from memory (read-back still shows first six and last
    /// four).
    mutating func forgetCardData() {
        if retainedCardMask == nil { retainedCardMask = maskedValue(for: .cardNumber) }
        values[.cardNumber] = ""
        values[.cvv] = ""
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
            cardholderName: configuration.isConfigured(.cardholderName) ? trimmed(.cardholderName) : nil,
            billing: billing, amount: configuration.amount, surcharge: surchargeAmountRaw,
            currency: configuration.currency, customerId: configuration.customerId, metadata: configuration.metadata,
            binRecord: networks.record)
    }
}
