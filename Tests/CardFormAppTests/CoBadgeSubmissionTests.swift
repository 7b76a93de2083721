import CardEngine
import Foundation
import HTTPServer
import Testing
@testable import CardFormApp

/// A co-badged card posted whole (without JavaScript, or the page script's submit): the choice is
/// offered before charging, and a `<select>` left alone is not the shopper's pick.
@Suite struct CoBadgeSubmissionTests {
    static let coBadged = "4000 0025 0000 1001"
    static let card: [(String, String)] = [
        ("cardNumber", coBadged), ("expiryDate", "12/30"), ("cvv", "123"), ("cardholderName", "Jane Doe"),
    ]

    static func session() -> (CardSession, SessionEnvironment) {
        let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 11), catalogs: FieldLookViewTests.resources.catalogs)
        return (CardSession(id: "s", configuration: SessionConfiguration(), environment: environment), environment)
    }

    @Test func aCoBadgedCardPostedWithoutTheChoiceAsksForItFirst() {
        var (session, environment) = Self.session()
        #expect(FormSubmission.apply(FormFields(Self.card), to: &session, in: environment).outcome == .networkChoiceNeeded)
        #expect(session.isNetworkSelectable && session.pickedNetwork == nil)
        // The next post comes from the page that showed the choice: it carries the select.
        let next = FormFields(Self.card + [("cardNetwork", "CARTES_BANCAIRES")])
        #expect(FormSubmission.apply(next, to: &session, in: environment).outcome == .applied)
    }

    @Test func theNetworkTheSelectShowedIsNotAPickAndAnotherIs() throws {
        var (session, environment) = Self.session()
        FormSubmission.apply(FormFields(Self.card), to: &session, in: environment)
        let shown = try #require(session.selectedNetwork)
        FormSubmission.apply(FormFields(Self.card + [("cardNetwork", shown.rawValue)]), to: &session, in: environment)
        #expect(session.pickedNetwork == nil)
        let other = try #require(session.selectableNetworks.first { $0 != shown })
        FormSubmission.apply(FormFields(Self.card + [("cardNetwork", other.rawValue)]), to: &session, in: environment)
        #expect(session.pickedNetwork == other)
        // Posted again as shown now, the pick stays.
        FormSubmission.apply(FormFields(Self.card + [("cardNetwork", other.rawValue)]), to: &session, in: environment)
        #expect(session.pickedNetwork == other)
    }

    @Test func aSelectPostedWithANewCardIsNotAPickForIt() {
        var (session, environment) = Self.session()
        FormSubmission.apply(FormFields([("cardNumber", "4242 4242 4242 4242")]), to: &session, in: environment)
        let outcome = FormSubmission.apply(FormFields(Self.card + [("cardNetwork", "VISA")]), to: &session, in: environment).outcome
        #expect(outcome == .networkChoiceNeeded)
        #expect(session.pickedNetwork == nil)
    }

    @Test func anEFTPOSCoBadgeHasNoChoiceAndPaysAtOnce() {
        var (session, environment) = Self.session()
        let eftpos = FormFields([("cardNumber", "4000 0503 6000 0001")] + Self.card.dropFirst())
        #expect(FormSubmission.apply(eftpos, to: &session, in: environment).outcome == .applied)
        #expect(!session.isNetworkSelectable)
    }

    @Test func withoutJavaScriptACoBadgedCardShowsTheChoiceThenPaysOnTheNextPost() async throws {
        let harness = try ServerHarness()
        let id = try await harness.createSession(#"{"amount": 1000, "currency": "EUR"}"#)
        let page = try await harness.openPage(id)
        let first = try await harness.post("/s/\(id)", form: [("_token", page.token), ("_page", page.page)] + Self.card)
        #expect(first.status == 200)
        #expect(first.body.contains(#"name="cardNetwork""#))
        let secret = ["Authorization": "Bearer \(ServerHarness.secretKey)"]
        #expect(try await harness.get("/api/sessions/\(id)", headers: secret).body.contains(#""phase":"ready""#))
        let shownPage = try #require(ServerHarness.hidden("_page", in: first.body))
        let second = try await harness.post(
            "/s/\(id)", form: [("_token", page.token), ("_page", shownPage)] + Self.card + [("cardNetwork", "CARTES_BANCAIRES")])
        #expect(second.status == 200)
        #expect(!(try await harness.get("/api/sessions/\(id)", headers: secret).body.contains(#""phase":"ready""#)))
    }
}
