@testable import CardEngine
import Testing
@testable import CardFormApp

/// The live region's words for an error, kept by `ErrorWords`: one memo shared by every session
/// must word each error as a render with no memo would, whatever the sessions met before differ in.
@Suite struct ErrorWordsTests {
    /// A session from `json` with `country` typed into the billing country, if any.
    static func session(_ json: String, country: String? = nil, resources: FormResources) throws -> CardSession {
        let configuration = try SessionConfiguration.parse(Array(json.utf8))
        let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 11), catalogs: resources.catalogs)
        var session = CardSession(id: "s", configuration: configuration, environment: environment)
        if let country { session.update(.countryCode, value: country, caret: country.utf16.count, in: environment) }
        return session
    }

    static func words(_ error: FieldError, _ session: CardSession, resources: FormResources) -> String {
        FormView(session: session, token: "t", resources: resources, context: PageContext(pageID: "p"))
            .words(for: .fieldError(error))
    }

    static let cardNumber = FieldError(field: .cardNumber, issue: ValidationIssue(code: "invalid-card-number"))
    static let postalCode = FieldError(field: .postalCode, issue: ValidationIssue(code: "invalid-postal-code"))
    static let billing = #"{"billingFields": ["countryCode", "postalCode"]}"#

    /// Each case differs from the one before in one part of the key only, so a part the key left
    /// out would hand the later case the earlier one's words.
    static let cases: [(json: String, country: String?, error: FieldError)] = [
        ("{}", nil, cardNumber),
        (#"{"fields": {"cardNumber": {"label": "Long number"}}}"#, nil, cardNumber),
        (#"{"fields": {"cardNumber": {"messages": {"invalid-card-number": "Check the digits"}}}}"#, nil, cardNumber),
        (#"{"locale": "fr"}"#, nil, cardNumber),
        (billing, "GB", postalCode),
        (billing, "US", postalCode),
        (#"{"billingFields": ["countryCode", "postalCode"], "fields": {"postalCode": {"label": "Code"}}}"#, "US", postalCode),
    ]

    @Test func sharedWordsAreTheWordsOfARenderWithoutTheMemo() throws {
        let shared = try FormResources.load(.init())
        var said: [String] = []
        for (json, country, error) in Self.cases {
            let fresh = try FormResources.load(.init())
            let expected = Self.words(error, try Self.session(json, country: country, resources: fresh), resources: fresh)
            let got = Self.words(error, try Self.session(json, country: country, resources: shared), resources: shared)
            #expect(got == expected, "\(json) \(country ?? "")")
            said.append(got)
        }
        // Every case words its error differently, so each is a case of its own.
        #expect(Set(said).count == Self.cases.count, "\(said)")
        #expect(shared.errorWords.count == Self.cases.count)
    }

    @Test func theSameErrorInAnotherSessionIsWordedFromTheMemo() throws {
        let resources = try FormResources.load(.init())
        let first = Self.words(Self.cardNumber, try Self.session("{}", resources: resources), resources: resources)
        let second = Self.words(Self.cardNumber, try Self.session("{}", resources: resources), resources: resources)
        #expect(first == second)
        #expect(first == "Card number: Invalid card number")
        #expect(resources.errorWords.count == 1)
    }
}
