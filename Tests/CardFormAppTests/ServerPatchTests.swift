import CardEngine
import Foundation
import Testing
@testable import CardFormApp

/// `PATCH /api/sessions/<id>`, the state JSON's added keys, and the server's `cardholderName.rules`.
@Suite struct ServerPatchTests {
    static let secret = ["Authorization": "Bearer \(ServerHarness.secretKey)", "Content-Type": "application/json"]

    static func patch(_ form: ServerFragmentTests.OpenForm, _ json: String) async throws -> ServerHarness.Reply {
        try await form.harness.request("PATCH", "/api/sessions/\(form.id)", headers: secret, body: Data(json.utf8))
    }

    @Test func theMerchantPrefillsTheNameAndBillingAndTheOpenPageGetsThemWithItsNextAnswer() async throws {
        let form = try await ServerFragmentTests.OpenForm(#"{"billingFields": ["countryCode", "postalCode"]}"#)
        // The page is typing in the card number: its answers hold that block alone (or nothing,
        // when the page already shows what the server would echo).
        _ = try await form.type("cardNumber", "4", seq: 1, rev: 0)
        let reply = try await Self.patch(form, #"{"fields": {"cardholderName": "jane doe", "countryCode": "GB", "postalCode": "sw1a 1aa"}}"#)
        #expect(reply.status == 200)
        #expect(reply.body.contains(#""cardholderName":"Jane Doe""#))
        #expect(reply.body.contains(#""selectedCountry":{"code":"GB","name":"United Kingdom","dialCode":"+44"}"#))
        #expect(reply.body.contains(#""displayFields":["cardNumber","expiryDate","cvv","cardholderName","countryCode","postalCode"]"#))
        let next = try await form.type("cardNumber", "42", seq: 2, rev: 1)
        let blocks = ServerFragmentTests.blocks(next.body)
        #expect(Set(["cardholderName", "countryCode", "postalCode"]).isSubset(of: Set(blocks)), "\(blocks)")
        #expect(next.body.contains(#"value="Jane Doe""#))
        #expect(next.body.contains(#"value="SW1A 1AA""#))
        #expect(next.body.contains("Postcode"))
    }

    @Test func aKeystrokeAfterTheAllowedOriginsChangeCarriesTheNewPolicy() async throws {
        // The session keeps its answers' headers (`KeptAnswerHeaders`): they must follow the change.
        let form = try await ServerFragmentTests.OpenForm(#"{"allowedOrigins": ["https://shop.example"]}"#)
        let before = try await form.type("cardNumber", "4", seq: 1, rev: 0)
        #expect(before.header("Content-Security-Policy")?.hasSuffix("frame-ancestors https://shop.example") == true)
        let reply = try await Self.patch(form, #"{"options": {"allowedOrigins": ["https://other.example"]}}"#)
        #expect(reply.status == 200)
        let after = try await form.type("cardNumber", "42", seq: 2, rev: 1)
        #expect(after.header("Content-Security-Policy")?.hasSuffix("frame-ancestors https://other.example") == true)
    }

    @Test func optionsChangeAfterCreationAndTheirMistakesAreRefusedNamingThem() async throws {
        let form = try await ServerFragmentTests.OpenForm(#"{"amount": 1000, "currency": "EUR"}"#)
        let reply = try await Self.patch(form, #"{"options": {"amount": 2500, "fields": {"cardholderName": {"label": "Titulaire", "labelPosition": "floating"}}}}"#)
        #expect(reply.status == 200)
        let page = try await form.harness.get("/s/\(form.id)")
        #expect(page.body.contains("Pay €25.00"))
        #expect(page.body.contains(">Titulaire<") && page.body.contains("has-floating-label"))
        let bad = try await Self.patch(form, #"{"options": {"fields": {"cvv": {"labelPosition": "sideways"}}}}"#)
        #expect(bad.status == 400)
        #expect(bad.body.contains(#""field":"options.fields.cvv.labelPosition""#))
        let theme = try await Self.patch(form, #"{"options": {"appearance": {"--cf-pin-label-color": "red"}}}"#)
        #expect(theme.status == 400 && theme.body.contains("invalid-appearance"))
    }

    @Test(arguments: ["cardNumber", "expiryDate", "cvv"])
    func cardFieldsAreTheShoppersAlone(field: String) async throws {
        let form = try await ServerFragmentTests.OpenForm()
        let reply = try await Self.patch(form, #"{"fields": {"\#(field)": "4242424242424242"}}"#)
        #expect(reply.status == 400)
        #expect(reply.body.contains(#""code":"card-field-not-allowed""#) && reply.body.contains(#""field":"fields.\#(field)""#))
        #expect(!reply.body.contains("4242424242424242"))
    }

    @Test func aFieldTheFormDoesNotShowOrAnUnknownKeyIsRefusedAndNothingChanges() async throws {
        let form = try await ServerFragmentTests.OpenForm()
        let hidden = try await Self.patch(form, #"{"fields": {"cardholderName": "Jane Doe", "email": "a@b.example"}}"#)
        #expect(hidden.status == 400 && hidden.body.contains("field-not-shown"))
        let state = try await form.harness.get("/api/sessions/\(form.id)", headers: Self.secret)
        #expect(state.body.contains(#""cardholderName":"""#))
        let unknown = try await Self.patch(form, #"{"values": {}}"#)
        #expect(unknown.status == 400 && unknown.body.contains("unknown-key"))
        let unauthenticated = try await form.harness.request("PATCH", "/api/sessions/\(form.id)", body: Data("{}".utf8))
        #expect(unauthenticated.status == 401)
        let missing = try await form.harness.request("PATCH", "/api/sessions/aaaaaaaaaaaaaaaaaaaaaaaaaa", headers: Self.secret, body: Data("{}".utf8))
        #expect(missing.status == 404)
    }

    @Test func whileProcessingAndOnceDoneTheSessionCannotBeChanged() async throws {
        // Long enough that the PATCH lands while the payment is processing on a loaded machine.
        let form = try await ServerFragmentTests.OpenForm { $0.processorDelayMs = 5000 }
        _ = try await ServerPaymentTests.pay(form, number: "4242424242424242")
        let processing = try await Self.patch(form, #"{"fields": {"cardholderName": "Someone Else"}}"#)
        #expect(processing.status == 409)
        #expect(processing.body.contains("processing"))
        _ = try await ServerPaymentTests.result(form)
        #expect(try await Self.patch(form, #"{"options": {"amount": 5}}"#).status == 409)
    }

    @Test func theServersCardholderNameRulesAreEverySessionsDefault() async throws {
        let config = try ServerConfiguration.load(file: nil, environment: ["CARDFORM_CARDHOLDER_NAME_RULES": "pxp"], flags: [:])
        #expect(config.cardholderNameRules == .pxp)
        #expect(throws: ServerConfigurationError.self) {
            try ServerConfiguration.load(file: nil, environment: ["CARDFORM_CARDHOLDER_NAME_RULES": "strict"], flags: [:])
        }
        let form = try await ServerFragmentTests.OpenForm { $0.cardholderNameRules = .pxp }
        let defaults = form.harness.server.app.defaults
        #expect(try SessionConfiguration.parse(Array("{}".utf8), defaults: defaults).cardholderNameRules == .pxp)
        #expect(try SessionConfiguration.parse(Array(#"{"cardholderName": {"rules": "default"}}"#.utf8), defaults: defaults).cardholderNameRules == .default)
        // PXP's rules refuse periods: the page says so.
        _ = try await form.type("cardholderName", "Dr. Jane Doe", seq: 1, rev: 0)
        let blurred = try await form.send([("field", "cardholderName"), ("value", "Dr. Jane Doe"), ("event", "blur"), ("seq", "2")])
        #expect(blurred.body.contains("cardholder-name-invalid-characters") || blurred.body.contains(#"aria-invalid="true""#))
    }
}
