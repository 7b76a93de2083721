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
        case .phase: phase.map(Self.phaseData)
        case .result: result.map { Self.resultData($0, pack: pack) }
        case .noscript: .bool(noscript)
        case .isLoading: .bool(isLoading)
        }
    }

    /// The `formState` block's data: what the page script reports to the parent window. The
    /// verdicts (`validationPassed`, `validationFailed`) are field names and error codes only.
    private static func stateData(_ facts: State) -> TemplateValue {
        var state = TemplateObject(minimumCapacity: 7)
        state[Keys.valid] = .bool(facts.valid)
        state[Keys.phase] = .string(facts.phase.rawValue)
        state[Keys.networks] = .string(facts.networks.map(\.rawValue).joined(separator: " "))
        state[Keys.validFields] = .string(facts.passed.map(\.rawValue).joined(separator: " "))
        state[Keys.fieldErrors] = .string(facts.failed.map { "\($0.field.rawValue):\($0.issue.code)" }.joined(separator: " "))
        if let network = facts.network { state[Keys.network] = .string(network.rawValue) }
        if let id = facts.payment { state[Keys.payment] = .string(id) }
        return .object(state)
    }

    /// The pay button: the total to pay (surcharge included) and the surcharge line.
    private static func submitData(_ facts: Submit, pack: LanguagePack) -> TemplateValue {
        var submit = TemplateObject(minimumCapacity: 5)
        // Enabled whenever a payment can start: pressed on an incomplete form it shows every
        // error and says how many fields need attention.
        submit[Keys.disabled] = .bool(facts.disabled)
        submit[Keys.loading] = .bool(facts.loading)
        if let total = MoneyFormatter.formattedTotal(amount: facts.amount, surcharge: facts.surcharge, currency: facts.currency, locale: facts.locale) {
            submit[Keys.amount] = .string(total)
            submit[Keys.label] = .string(pack.string("ui.payAmount", ["amount": total]) ?? total)
        } else {
            submit[Keys.label] = .string(pack.string("ui.pay") ?? "Pay")
        }
        if let surcharge = facts.surcharge, surcharge > 0, let currency = facts.currency {
            let amount = MoneyFormatter.format(minorUnits: surcharge, currency: currency, locale: facts.locale)
            submit[Keys.surchargeNote] = .string(pack.string("ui.surchargeNote", ["amount": amount]) ?? amount)
        }
        return .object(submit)
    }

    /// The live region: what to announce now, and (without JavaScript) every error.
    private static func errorsData(_ facts: Errors) -> TemplateValue {
        let summary = facts.summary.map { error -> TemplateValue in
            var item = TemplateObject(minimumCapacity: 3)
            item[Keys.field] = .string(error.field.rawValue)
            item[Keys.id] = .string("cf-\(error.field.rawValue)")
            item[Keys.message] = .string(error.message)
            return .object(item)
        }
        var errors = TemplateObject(minimumCapacity: 2)
        errors[Keys.announcement] = .string(facts.announcement)
        errors[Keys.summary] = .list(summary)
        return .object(errors)
    }

    /// `phase`'s data, `{<name>: true}`: one object per phase, built once, so that a page takes
    /// it with a retain instead of hashing a key into a new object.
    private static func phaseData(_ name: SessionPhase.Name) -> TemplateValue {
        for (phase, data) in phaseObjects where phase == name { return data }
        return .object([name.rawValue: true])
    }

    private static let phaseObjects: [(SessionPhase.Name, TemplateValue)] =
        SessionPhase.Name.allCases.map { ($0, .object([$0.rawValue: true])) }

    /// The keys of the parts every page and many keystrokes build (`state`, `submit`,
    /// `errors`), hashed once.
    private enum Keys {
        static let valid = TemplateObject.HashedKey("valid")
        static let phase = TemplateObject.HashedKey("phase")
        static let networks = TemplateObject.HashedKey("networks")
        static let validFields = TemplateObject.HashedKey("validFields")
        static let fieldErrors = TemplateObject.HashedKey("fieldErrors")
        static let network = TemplateObject.HashedKey("network")
        static let payment = TemplateObject.HashedKey("payment")
        static let disabled = TemplateObject.HashedKey("disabled")
        static let loading = TemplateObject.HashedKey("loading")
        static let amount = TemplateObject.HashedKey("amount")
        static let label = TemplateObject.HashedKey("label")
        static let surchargeNote = TemplateObject.HashedKey("surchargeNote")
        static let field = TemplateObject.HashedKey("field")
        static let id = TemplateObject.HashedKey("id")
        static let message = TemplateObject.HashedKey("message")
        static let announcement = TemplateObject.HashedKey("announcement")
        static let summary = TemplateObject.HashedKey("summary")
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
