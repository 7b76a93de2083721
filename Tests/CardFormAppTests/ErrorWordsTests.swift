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

    /// Each case differs from the one before in the key (the merchant's label or messages, the
    /// language, the field and country, the country alone, a label that stops following it), so a
    /// part the key left out would hand a later case an earlier one's words. The error alone
    /// varies in `errorsDifferingInTheirIssueAloneAreWordedApart`.
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

    /// Errors of one field in one session that differ only in their code, their parameters (the
    /// plural's count) or their message key (pxp's rules) each have words of their own: the key
    /// must compare the whole error, not only what it hashes.
    @Test func errorsDifferingInTheirIssueAloneAreWordedApart() throws {
        let name = { (issue: ValidationIssue) in FieldError(field: .cardholderName, issue: issue) }
        let pairs: [(FieldError, FieldError)] = [
            (Self.cardNumber, FieldError(field: .cardNumber, issue: ValidationIssue(code: "unsupported-card-type"))),
            (name(ValidationIssue(code: "cardholder-name-too-short", aliases: ["HN02"], parameters: ["min": "1"])),
             name(ValidationIssue(code: "cardholder-name-too-short", aliases: ["HN02"], parameters: ["min": "3"]))),
            (name(ValidationIssue(code: "cardholder-name-too-short", aliases: ["HN02"], parameters: ["min": "3"])),
             name(ValidationIssue(code: "cardholder-name-too-short", aliases: ["HN02"], messageKey: "error.cardholderName.HN02", parameters: ["min": "3"]))),
        ]
        let shared = try FormResources.load(.init())
        for (first, second) in pairs {
            let fresh = try FormResources.load(.init())
            let expected = (
                Self.words(first, try Self.session("{}", resources: fresh), resources: fresh),
                Self.words(second, try Self.session("{}", resources: fresh), resources: fresh))
            #expect(expected.0 != expected.1, "the pair must word apart: \(expected)")
            #expect(Self.words(first, try Self.session("{}", resources: shared), resources: shared) == expected.0)
            #expect(Self.words(second, try Self.session("{}", resources: shared), resources: shared) == expected.1)
        }
    }

    /// A second session's error is worded from the memo: words filed under its key are what it
    /// says, though no render would say them.
    @Test func theSameErrorInAnotherSessionIsWordedFromTheMemo() throws {
        let resources = try FormResources.load(.init())
        let first = Self.words(Self.cardNumber, try Self.session("{}", resources: resources), resources: resources)
        #expect(first == "Card number: Invalid card number")
        #expect(resources.errorWords.count == 1)
        let key = try #require(resources.errorWords.held.keys.first)
        resources.errorWords.remember("from the memo", for: key)
        let second = Self.words(Self.cardNumber, try Self.session("{}", resources: resources), resources: resources)
        #expect(second == "from the memo")
    }
}
