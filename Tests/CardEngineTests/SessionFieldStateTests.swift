import CardEngine
import Foundation
import Testing

/// What a field says about itself beyond its error: complete and valid, incomplete rather than
/// invalid, errors held until submit; the name's rule set; a decline cleared by a new card.
@Suite struct SessionFieldStateTests {
    // MARK: valid

    @Test func aFieldIsValidOnlyOnceItsValueIsCompleteAndValid() throws {
        var session = try Fixtures.session(#"{"fields": {"cardholderName": {"required": false}}}"#)
        #expect(FieldType.cardFields.allSatisfy { !session.isValid($0) })
        for (typed, valid) in [("4242", false), ("4242 4242 4242 4241", false), ("4242 4242 4242 4242", true)] {
            _ = session.update(.cardNumber, value: typed, caret: typed.count, in: environment)
            #expect(session.isValid(.cardNumber) == valid, "\(typed)")
        }
        // An empty optional field passes its rule but holds nothing to call valid.
        #expect(!session.isValid(.cardholderName))
        _ = session.update(.expiryDate, value: "12/3", caret: 4, in: environment)
        #expect(!session.isValid(.expiryDate))
        _ = session.update(.expiryDate, value: "12/30", caret: 5, in: environment)
        #expect(session.isValid(.expiryDate))
        #expect(!session.isValid(.email), "a field the form does not show is never valid")
    }

    @Test func aNetworkChangeThatCompletesTheCVVIsReported() throws {
        var session = try Fixtures.session()
        _ = session.update(.cardNumber, value: "3782 822463 10005", caret: 17, event: .paste, in: environment)
        _ = session.update(.cvv, value: "123", caret: 3, in: environment)
        #expect(!session.isValid(.cvv) && session.error(for: .cvv) == nil)
        let update = session.update(.cardNumber, value: "4242 4242 4242 4242", caret: 19, event: .paste, in: environment)
        #expect(session.isValid(.cvv))
        #expect(update.changes.contains(.networks))
    }

    // MARK: incomplete or invalid

    @Test(arguments: [
        (FieldType.cardNumber, "4242 4242", "incomplete-card-number", "Your card number is incomplete"),
        (.cardNumber, "4242 4242 4242 4241", "invalid-card-number", "Invalid card number"),
        (.expiryDate, "12/", "incomplete-expiry-date", "Your card’s expiry date is incomplete"),
        (.expiryDate, "1", "incomplete-expiry-date", "Your card’s expiry date is incomplete"),
        (.cvv, "12", "incomplete-cvv", "Your card’s security code is incomplete"),
    ])
    func anIncompleteValueSaysSoOnBlur(_ field: FieldType, _ value: String, _ code: String, _ message: String) throws {
        var session = try Fixtures.session()
        _ = session.update(field, value: value, caret: value.utf16.count, in: environment)
        #expect(session.error(for: field) == nil, "no error while the shopper may still be typing")
        _ = session.update(field, value: value, caret: value.utf16.count, event: .blur, in: environment)
        let error = try #require(session.fieldErrors.first)
        #expect(error.issue.code == code)
        #expect(session.message(for: error, in: environment) == message)
    }

    @Test func anOverrideOfPrimersCodeStillAppliesToTheIncompleteValue() throws {
        var session = try Fixtures.session(#"{"fields": {"cardNumber": {"messages": {"invalid-card-number": "Check the number"}}}}"#)
        _ = session.update(.cardNumber, value: "4242", caret: 4, event: .blur, in: environment)
        #expect(session.message(for: try #require(session.fieldErrors.first), in: environment) == "Check the number")
    }

    /// Every language shipped in Templates/locales.
    static let shippedLanguages: [String] = {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("Templates/locales")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// The security code's network name (CID, CVN, CVE, CVP2…) never reaches the shopper: every
    /// CVV message, in every shipped language, for every network.
    @Test(arguments: shippedLanguages)
    func noSecurityCodeMessageNamesTheCode(_ language: String) throws {
        let catalog = Fixtures.catalog(language)
        for network in CardNetwork.allCases {
            for value in ["1", "12345", "1a"] {
                guard let issue = CVVRule.check(value, code: network.rules.securityCode).issue else { continue }
                let message = catalog.message(for: .cvv, issue: issue)
                for name in ["CID", "CVN", "CVE", "CVP2", "CVC", "CVV"] { #expect(!message.contains(name), "\(language) \(network): \(message)") }
            }
        }
    }

    // MARK: validateOn submit

    @Test func validateOnSubmitHoldsEveryErrorUntilTheSubmit() throws {
        var session = try Fixtures.session(#"{"fields": {"cardNumber": {"validateOn": "submit"}, "expiryDate": {"validateOn": "submit"}}}"#)
        _ = session.update(.cardNumber, value: "5555 5555 5555 4446", caret: 19, in: environment)
        _ = session.update(.cardNumber, value: "5555 5555 5555 4446", caret: 19, event: .blur, in: environment)
        _ = session.update(.expiryDate, value: "13/30", caret: 5, event: .paste, in: environment)
        #expect(session.fieldErrors.isEmpty)
        #expect(!session.isValid(.cardNumber) && !session.canSubmit)
        _ = session.submit(in: environment)
        #expect(session.error(for: .cardNumber)?.code == "invalid-card-number")
        #expect(session.error(for: .expiryDate)?.code == "invalid-expiry-date")
        // Once shown, the error follows the corrections.
        _ = session.update(.cardNumber, value: "5555 5555 5555 444", caret: 18, in: environment)
        #expect(session.error(for: .cardNumber) == nil)
        _ = session.update(.cardNumber, value: "5555 5555 5555 4445", caret: 19, in: environment)
        #expect(session.error(for: .cardNumber) == nil, "a new error waits for the next submit")
    }

    @Test func validateOnSubmitHoldsADependentFieldsErrorToo() throws {
        var session = try Fixtures.session(#"{"fields": {"cvv": {"validateOn": "submit"}}}"#)
        _ = session.update(.cardNumber, value: "3782 822463 10005", caret: 17, event: .paste, in: environment)
        _ = session.update(.cvv, value: "1234", caret: 4, in: environment)
        _ = session.update(.cardNumber, value: "4242 4242 4242 4242", caret: 19, event: .paste, in: environment)
        #expect(session.error(for: .cvv) == nil)
        _ = session.submit(in: environment)
        #expect(session.error(for: .cvv)?.code == "invalid-cvv")
    }

    // MARK: the cardholder name's rule set

    @Test(arguments: [(#"{}"#, CardholderNameRules.default), (#"{"cardholderName": {"rules": "pxp"}}"#, .pxp),
                      (#"{"cardholderName": {"rules": "default"}}"#, .default), (#"{"cardholderName": {}}"#, .default)])
    func theRuleSetIsASessionOption(_ json: String, _ rules: CardholderNameRules) throws {
        #expect(try SessionConfiguration.parse(Array(json.utf8)).cardholderNameRules == rules)
    }

    @Test(arguments: [
        (#"{"cardholderName": {"rules": "strict"}}"#, "invalid-value", "cardholderName.rules"),
        (#"{"cardholderName": {"rules": 1}}"#, "invalid-type", "cardholderName.rules"),
        (#"{"cardholderName": {"rulez": "pxp"}}"#, "unknown-key", "cardholderName.rulez"),
        (#"{"cardholderName": "pxp"}"#, "invalid-type", "cardholderName"),
        (#"{"fields": {"cvv": {"validateOn": "never"}}}"#, "invalid-value", "fields.cvv.validateOn"),
    ])
    func aBadRuleSetIsRefused(_ json: String, _ code: String, _ path: String) {
        #expect { try SessionConfiguration.parse(Array(json.utf8)) } throws: { error in
            let error = error as? ConfigurationError
            return error?.code == code && error?.field == path
        }
    }

    @Test func thePXPRulesApplyInTheSession() throws {
        var pxp = try Fixtures.session(#"{"cardholderName": {"rules": "pxp"}, "fields": {"cardholderName": {"messages": {"HN03": "No dots"}}}}"#)
        _ = pxp.update(.cardholderName, value: "J.R. Smith", caret: 10, in: environment)
        #expect(pxp.error(for: .cardholderName)?.code == "cardholder-name-invalid-characters")
        #expect(pxp.message(for: try #require(pxp.fieldErrors.first), in: environment) == "No dots")
        var real = try Fixtures.session()
        _ = real.update(.cardholderName, value: "J.R. Smith", caret: 10, in: environment)
        #expect(real.isValid(.cardholderName))
    }

    @Test(arguments: ["HN01", "HN02", "HN03", "HN04", "invalid-cardholder-name"])
    func everyNameRuleMayBeReworded(_ key: String) throws {
        let json = #"{"fields": {"cardholderName": {"messages": {"\#(key)": "Custom"}}}}"#
        let values = ["HN01": "", "HN02": "J", "HN03": "J3", "HN04": String(repeating: "a", count: 101)]
        for (rule, value) in values where key == rule || (key == "invalid-cardholder-name" && rule != "HN01") {
            for rules in ["default", "pxp"] {
                var session = try Fixtures.session(#"{"cardholderName": {"rules": "\#(rules)"}, "#  + json.dropFirst())
                _ = session.update(.cardholderName, value: "x", caret: 1, in: environment)
                _ = session.update(.cardholderName, value: value, caret: value.utf16.count, event: .blur, in: environment)
                #expect(session.message(for: try #require(session.fieldErrors.first), in: environment) == "Custom", "\(rules) \(rule)")
            }
        }
    }

    // MARK: a decline is about the card it was for

    static func declined() throws -> CardSession {
        var session = try Fixtures.session()
        SessionValidationTests.fillCard(&session)
        _ = session.submit(in: environment)
        _ = session.paymentResult(.failed(declineCode: "card_declined"))
        return session
    }

    @Test(arguments: [(FieldType.cardNumber, "4242 4242 4242 424"), (.expiryDate, "12/3"), (.cvv, "12")])
    func editingTheCardClearsTheDecline(_ field: FieldType, _ value: String) throws {
        var session = try Self.declined()
        #expect(session.phase.name == .failed && session.payment?.declineCode == "card_declined")
        let update = session.update(field, value: value, caret: value.utf16.count, in: environment)
        #expect(session.phase == .ready && session.payment == nil)
        #expect(update.changes.contains(.phase))
        #expect(session.stateJSON(in: environment).objectValue?["payment"] == .null)
    }

    @Test func focusOrTheNameLeaveTheDeclineShown() throws {
        var session = try Self.declined()
        _ = session.update(.cardNumber, value: "4242 4242 4242 4242", caret: 19, event: .focus, in: environment)
        _ = session.update(.cardNumber, value: "4242 4242 4242 4242", caret: 19, event: .blur, in: environment)
        _ = session.update(.cardholderName, value: "Jane Q. Doe", caret: 11, in: environment)
        #expect(session.phase.name == .failed && session.payment != nil)
    }
}
