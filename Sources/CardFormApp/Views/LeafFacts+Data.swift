import CardEngine
import Payments
import Mustache

extension LeafFacts {
    /// The data of `parts` and the rest, as `FormView.data(reading:)` gives it, with `t` when
    /// asked for: what a `LeafMemo` miss renders.
    func data(_ parts: [Part], strings: Bool, pack: LanguagePack, icons: [CardNetwork: String]) -> TemplateValue {
        var root = rest ?? [:]
        for part in parts {
            if let value = data(part, pack: pack, icons: icons) { root[part.rawValue] = value }
        }
        if strings { root["t"] = pack.strings }
        return .object(root)
    }

    /// One part's data (Templates/README.md), from the facts alone; nil leaves the key out.
    func data(_ part: Part, pack: LanguagePack, icons: [CardNetwork: String]) -> TemplateValue? {
        switch part {
        case .state: state.map(Self.stateData)
        case .submit: submit.map { Self.submitData($0, pack: pack) }
        case .errors: errors.map(Self.errorsData)
        case .cardNetwork: cardNetwork.map { Self.choiceData($0, pack: pack, icons: icons) }
        case .saveCard: saveCard.map { disabled in Self.saveCardData(disabled: disabled, pack: pack) }
        case .phase: phase.map { [$0.rawValue: true] }
        case .result: result.map { Self.resultData($0, pack: pack) }
        case .noscript: .bool(noscript)
        case .isLoading: .bool(isLoading)
        }
    }

    /// The `formState` block's data: what the page script reports to the parent window. The
    /// verdicts (`validationPassed`, `validationFailed`) are field names and error codes only.
    private static func stateData(_ facts: State) -> TemplateValue {
        var state: TemplateObject = [
            "valid": .bool(facts.valid),
            "phase": .string(facts.phase.rawValue),
            "networks": .string(facts.networks.map(\.rawValue).joined(separator: " ")),
            "validFields": .string(facts.passed.map(\.rawValue).joined(separator: " ")),
            "fieldErrors": .string(facts.failed.map { "\($0.field.rawValue):\($0.issue.code)" }.joined(separator: " ")),
        ]
        if let network = facts.network { state["network"] = .string(network.rawValue) }
        if let id = facts.payment { state["payment"] = .string(id) }
        return .object(state)
    }

    /// The pay button: the total to pay (surcharge included) and the surcharge line.
    private static func submitData(_ facts: Submit, pack: LanguagePack) -> TemplateValue {
        var submit: TemplateObject = [
            // Enabled whenever a payment can start: pressed on an incomplete form it shows every
            // error and says how many fields need attention.
            "disabled": .bool(facts.disabled),
            "loading": .bool(facts.loading),
        ]
        if let total = MoneyFormatter.formattedTotal(amount: facts.amount, surcharge: facts.surcharge, currency: facts.currency, locale: facts.locale) {
            submit["amount"] = .string(total)
            submit["label"] = .string(pack.string("ui.payAmount", ["amount": total]) ?? total)
        } else {
            submit["label"] = .string(pack.string("ui.pay") ?? "Pay")
        }
        if let surcharge = facts.surcharge, surcharge > 0, let currency = facts.currency {
            let amount = MoneyFormatter.format(minorUnits: surcharge, currency: currency, locale: facts.locale)
            submit["surchargeNote"] = .string(pack.string("ui.surchargeNote", ["amount": amount]) ?? amount)
        }
        return .object(submit)
    }

    /// The live region: what to announce now, and (without JavaScript) every error.
    private static func errorsData(_ facts: Errors) -> TemplateValue {
        let summary = facts.summary.map { error -> TemplateValue in
            ["field": .string(error.field.rawValue), "id": .string("cf-\(error.field.rawValue)"), "message": .string(error.message)]
        }
        return ["announcement": .string(facts.announcement), "summary": .list(summary)]
    }

    /// The co-badge selector's data.
    private static func choiceData(_ facts: NetworkChoice, pack: LanguagePack, icons: [CardNetwork: String]) -> TemplateValue {
        let options = facts.networks.map { network in
            TemplateValue.object([
                "value": .string(network.rawValue), "label": .string(network.displayName),
                "icon": .string(icons[network] ?? ""), "selected": .bool(network == facts.selected),
            ])
        }
        return [
            "id": "cf-cardNetwork",
            "label": .string(pack.string("label.cardNetwork") ?? "Card network"),
            "options": .list(options),
            "disabled": false,
        ]
    }

    private static func saveCardData(disabled: Bool, pack: LanguagePack) -> TemplateValue {
        ["id": "cf-saveCard", "label": .string(pack.string("label.saveCard") ?? "Save this card"), "disabled": .bool(disabled)]
    }

    /// The outcome of the last payment attempt.
    private static func resultData(_ payment: PaymentResult, pack: LanguagePack) -> TemplateValue {
        var result: TemplateObject = ["status": .string(payment.status.rawValue)]
        if let id = payment.id { result["paymentId"] = .string(id) }
        if payment.status == .failed {
            result["message"] = .string(declineMessage(payment, pack: pack))
        }
        return .object(result)
    }

    /// A decline reason in the shopper's language: the hook's own message, else by decline code.
    static func declineMessage(_ payment: PaymentResult, pack: LanguagePack) -> String {
        if let message = payment.message, !message.isEmpty { return message }
        return pack.string(DeclineReason.localeKey(for: payment.declineCode)) ?? pack.string("decline.generic") ?? ""
    }
}
