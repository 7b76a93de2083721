import CardEngine
import Mustache
import TemplateLint

extension LintSamples {
    /// The samples from the built-in templates and strings, made once: they never change while the
    /// binary runs, and a broken file of the designer's is what the linter reports, not a reason
    /// to stop. Nil only if the built-in templates do not compile (a test catches that).
    static let fromDefaults: LintSamples? = (try? FormResources.load(.init())).map { fromSessions(resources: $0) }

    /// The samples `cardform check` renders blocks with, taken from real sessions driven through
    /// the engine and turned into data by the same `FormView` the server uses (as the gallery
    /// does): every field configured and filled with its table's sample value, a co-badged card,
    /// an expired date pressed pay on (so every error lists), a US address (a list of states);
    /// and, for the state, a country that has no list.
    static func fromSessions(resources: FormResources) -> LintSamples {
        let token = "tok_lint", pageID = "p_lint"
        let environment = SessionEnvironment(binLookup: BINTable.default, clock: .fixed(year: 2026, month: 1), catalogs: resources.catalogs)
        func data(country: String) -> TemplateValue {
            let (session, announcement) = session(country: country, environment: environment)
            let context = PageContext(
                pageID: pageID, themeURL: "/s/\(session.id)/theme.css", noscript: true, announcement: announcement,
                cardFieldsShown: FieldSet(FieldType.allCases))
            return FormView(session: session, token: token, resources: resources, context: context).data()
        }
        let freeTextCountry = Countries.all.first { !$0.hasSubdivisions && $0.hasPostalCode }?.code ?? "GB"
        return LintSamples(form: data(country: "US"), variants: [.state: [data(country: freeTextCountry)]], token: token, pageID: pageID)
    }

    /// Every field filled in, the card co-badged and its date expired, then pay pressed: returns
    /// the session and what its live region announces.
    private static func session(country: String, environment: SessionEnvironment) -> (CardSession, String) {
        let billing = FieldType.billingFields.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let options = #"{"amount": 1000, "currency": "EUR", "surcharges": {"CARTES_BANCAIRES": 109}, "customerId": "cus_lint", "#
            + #""orderedAllowedCardNetworks": ["CARTES_BANCAIRES", "VISA"], "billingFields": [\#(billing)]}"#
        // The options above are ours and valid: a failure here is a bug in this file.
        let configuration = try! SessionConfiguration.parse(Array(options.utf8))
        var session = CardSession(id: "s_lint", configuration: configuration, environment: environment)
        let values: [FieldType: String] = [.cardNumber: "4000 0025 0000 1001", .expiryDate: "01/20", .countryCode: country]
        for field in configuration.configuredFields {
            let value = values[field] ?? field.spec.sampleValue
            session.update(field, value: value, caret: value.utf16.count, event: .input, in: environment)
        }
        guard case .rejected(let errors) = session.submit(in: environment), let first = errors.first else { return (session, "") }
        return (session, session.message(for: first, in: environment))
    }
}
