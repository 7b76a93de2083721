import CardEngine
import Mustache

extension FormView {
    /// The facts of `parts` (see `LeafFacts`), and `rest` (top-level keys with no facts of their
    /// own) as data: what a `LeafMemo` key holds.
    func leafFacts(_ parts: [LeafFacts.Part], rest: Set<String>) -> LeafFacts {
        var restData: TemplateObject?
        if !rest.isEmpty, case .object(let object) = data(reading: rest) { restData = object }
        var facts = LeafFacts(rest: restData)
        for part in parts { addFacts(of: part, to: &facts) }
        return facts
    }

    /// One part's data, built from its facts: the whole form builds it so too, so a leaf kept by
    /// its facts is the leaf the form would render. (The facts of that part alone, without a list
    /// of one part: a whole page asks for nine parts.)
    func data(_ part: LeafFacts.Part) -> TemplateValue? {
        var facts = LeafFacts()
        addFacts(of: part, to: &facts)
        return facts.data(part, pack: pack, icons: resources.networkIcons)
    }

    private func addFacts(of part: LeafFacts.Part, to facts: inout LeafFacts) {
        switch part {
        case .state: facts.state = stateFacts
        case .submit: facts.submit = submitFacts
        case .errors: facts.errors = errorsFacts
        case .cardNetwork: facts.cardNetwork = networkChoice
        case .saveCard: facts.saveCard = session.configuration.customerId == nil ? nil : !session.phase.acceptsInput
        case .phase: facts.phase = session.phase.name
        case .result: facts.result = session.payment
        case .noscript: facts.noscript = context.noscript
        case .isLoading: facts.isLoading = session.isLoading
        }
    }

    private var stateFacts: LeafFacts.State {
        let errors = session.fieldErrors
        // The fields `isValid(_:)` passes, in the form's order (card fields, then billing).
        var passed: [FieldType] = []
        session.forEachValidField { field in
            if !errors.contains(where: { $0.field == field }) { passed.append(field) }
        }
        return LeafFacts.State(
            valid: session.isValid && session.isBillingValid, phase: session.phase.name, networks: session.availableNetworks,
            network: session.selectedNetwork, payment: session.payment?.id, passed: passed, failed: errors)
    }

    private var submitFacts: LeafFacts.Submit {
        LeafFacts.Submit(
            disabled: !session.phase.acceptsInput, loading: session.isLoading, amount: session.configuration.amount,
            surcharge: session.surchargeAmountRaw, currency: session.configuration.currency, locale: session.locale)
    }

    private var errorsFacts: LeafFacts.Errors {
        guard context.noscript else { return LeafFacts.Errors(announcement: context.announcement, summary: []) }
        let summary = session.fieldErrors.map { error in
            LeafFacts.Errors.Message(field: error.field, message: session.message(for: error, catalog: pack.catalog))
        }
        return LeafFacts.Errors(announcement: context.announcement, summary: summary)
    }

    /// Present only when the shopper can choose.
    private var networkChoice: LeafFacts.NetworkChoice? {
        guard session.isNetworkSelectable else { return nil }
        return LeafFacts.NetworkChoice(networks: session.selectableNetworks, selected: session.selectedNetwork)
    }
}
