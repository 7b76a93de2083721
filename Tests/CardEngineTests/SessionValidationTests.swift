import CardEngine
import Testing

/// When errors show: while typing only what can no longer become valid, the full rule on blur,
/// everything on submit.
@Suite struct SessionValidationTests {
    @Test func aVisaFailingLuhnAtSixteenDigitsWaitsForTheBlur() throws {
        var session = try Fixtures.session()
        session.update(.cardNumber, value: "4242 4242 4242 4241", caret: 19, in: environment)
        #expect(session.error(for: .cardNumber) == nil)
        let blurred = session.update(.cardNumber, value: "4242 4242 4242 4241", caret: 19, event: .blur, in: environment)
        #expect(session.error(for: .cardNumber)?.code == "invalid-card-number")
        #expect(blurred.changes.contains(.errors))
        // Potentially valid again as soon as a digit is removed.
        session.update(.cardNumber, value: "4242 4242 4242 424", caret: 18, in: environment)
        #expect(session.error(for: .cardNumber) == nil)
    }

    @Test func aMastercardFailingLuhnAtSixteenDigitsShowsAtOnce() throws {
        var session = try Fixtures.session()
        session.update(.cardNumber, value: "5555 5555 5555 4446", caret: 19, in: environment)
        #expect(session.error(for: .cardNumber)?.code == "invalid-card-number")
    }

    @Test func aNetworkTheMerchantRefusesShowsAtTheFirstDigit() throws {
        var session = try Fixtures.session(#"{"orderedAllowedCardNetworks": ["MASTERCARD"]}"#)
        session.update(.cardNumber, value: "4", caret: 1, in: environment)
        #expect(session.error(for: .cardNumber)?.code == "unsupported-card-type")
        #expect(session.fieldErrors.count == 1)
        let message = session.message(for: session.fieldErrors[0], in: environment)
        #expect(message == "This card type is not supported")
    }

    @Test func monthThirteenShowsAtOnce() throws {
        var session = try Fixtures.session()
        session.update(.expiryDate, value: "13/30", caret: 5, event: .paste, in: environment)
        #expect(session.value(for: .expiryDate) == "13/30")
        #expect(session.error(for: .expiryDate)?.code == "invalid-expiry-date")
        // Typed, 1 then 3 reads as January.
        var typed = try Fixtures.session()
        typed.update(.expiryDate, value: "1", caret: 1, in: environment)
        typed.update(.expiryDate, value: "13", caret: 2, in: environment)
        #expect(typed.value(for: .expiryDate) == "01/3")
        #expect(typed.error(for: .expiryDate) == nil)
        var expired = try Fixtures.session()
        _ = expired.update(.expiryDate, value: "05/26", caret: 5, event: .paste, in: environment)
        #expect(expired.error(for: .expiryDate)?.code == "card-expired")
    }

    @Test func expiryFollowsTheInjectedClockAcrossTheYearEnd() throws {
        var december = try Fixtures.session(year: 2026, month: 12)
        december.update(.expiryDate, value: "12/26", caret: 5, event: .paste, in: Fixtures.environment(year: 2026, month: 12))
        #expect(december.error(for: .expiryDate) == nil)
        var january = try Fixtures.session(year: 2027, month: 1)
        january.update(.expiryDate, value: "12/26", caret: 5, event: .paste, in: Fixtures.environment(year: 2027, month: 1))
        #expect(january.error(for: .expiryDate)?.code == "card-expired")
    }

    @Test func blurringAFieldNeverTypedInShowsNothing() throws {
        var session = try Fixtures.session()
        session.update(.cardNumber, value: "", caret: 0, event: .focus, in: environment)
        let update = session.update(.cardNumber, value: "", caret: 0, event: .blur, in: environment)
        #expect(session.fieldErrors.isEmpty)
        #expect(update.changes == [.focus])
    }

    @Test func leavingAFieldEmptiedAfterTypingSaysItIsRequired() throws {
        var session = try Fixtures.session()
        session.update(.cardholderName, value: "Jo", caret: 2, in: environment)
        session.update(.cardholderName, value: "", caret: 0, in: environment)
        #expect(session.fieldErrors.isEmpty)
        session.update(.cardholderName, value: "", caret: 0, event: .blur, in: environment)
        #expect(session.error(for: .cardholderName)?.code == "cardholder-name-required")
        #expect(session.error(for: .cardholderName)?.alias == "HN01")
    }

    @Test func validateOnChangeRunsTheFullRuleWhileTyping() throws {
        var session = try Fixtures.session(#"{"fields": {"cardholderName": {"validateOn": "change"}}}"#)
        session.update(.cardholderName, value: "J", caret: 1, in: environment)
        #expect(session.error(for: .cardholderName)?.alias == "HN02")
        session.update(.cardholderName, value: "J.", caret: 2, in: environment)
        #expect(session.error(for: .cardholderName)?.alias == "HN02")
        session.update(.cardholderName, value: "Jo", caret: 2, in: environment)
        #expect(session.error(for: .cardholderName) == nil)
        var byDefault = try Fixtures.session()
        _ = byDefault.update(.cardholderName, value: "J", caret: 1, in: environment)
        #expect(byDefault.error(for: .cardholderName) == nil)
        _ = byDefault.update(.cardholderName, value: "J", caret: 1, event: .blur, in: environment)
        #expect(byDefault.error(for: .cardholderName)?.alias == "HN02")
    }

    @Test func cardholderMessagesMayBeOverriddenByPXPCode() throws {
        var session = try Fixtures.session(#"{"fields": {"cardholderName": {"messages": {"HN03": "Letters only, please"}}}}"#)
        session.update(.cardholderName, value: "R2D2", caret: 4, in: environment)
        let error = try #require(session.fieldErrors.first)
        #expect(error.issue.alias == "HN03")
        #expect(session.message(for: error, in: environment) == "Letters only, please")
    }

    @Test func submitChecksEveryFieldAndShowsEveryError() throws {
        var session = try Fixtures.session(#"{"fields": {"cvv": {"messages": {"required": "CVV needed"}}}}"#)
        session.update(.cardNumber, value: "4242 4242 4242 4242", caret: 19, event: .paste, in: environment)
        let action = session.submit(in: environment)
        guard case .rejected(let errors) = action else {
            Issue.record("expected a rejection, got \(action)")
            return
        }
        #expect(errors.map(\.field) == [.expiryDate, .cvv, .cardholderName])
        #expect(session.fieldErrors.map(\.issue.code) == ["required", "required", "cardholder-name-required"])
        #expect(session.fieldErrors.map { session.message(for: $0, in: environment) } == ["Enter the expiry date", "CVV needed", "Enter the name on the card"])
        #expect(session.phase == .ready)
        #expect(!session.isValid && !session.canSubmit)
    }

    @Test func messagesFollowTheSessionLocale() throws {
        var session = try Fixtures.session(#"{"locale": "de-DE"}"#)
        _ = session.submit(in: environment)
        #expect(session.message(for: session.fieldErrors[0], in: environment) == "Geben Sie Ihre Kartennummer ein")
    }

    @Test func anOptionalCardholderNameMayStayEmpty() throws {
        var session = try Fixtures.session(#"{"fields": {"cardholderName": {"required": false}}}"#)
        Self.fillCard(&session, name: "")
        #expect(session.isValid)
    }

    @Test func validityAndCanSubmitFollowTheFields() throws {
        var session = try Fixtures.session()
        #expect(!session.isValid)
        let changes = Self.fillCard(&session)
        #expect(changes.contains(.validity))
        #expect(session.isValid && session.isBillingValid && session.canSubmit)
        #expect(session.fieldErrors.isEmpty)
    }

    @Test func theBillingCountryDrivesThePostalCode() throws {
        var session = try Fixtures.session(#"{"billingFields": ["countryCode", "postalCode"]}"#)
        session.update(.countryCode, value: "GB", caret: 2, in: environment)
        #expect(session.selectedCountry == "GB")
        let postal = session.update(.postalCode, value: "sw1a 1aa", caret: 8, in: environment)
        #expect(postal.formatted.value == "SW1A 1AA")
        #expect(session.error(for: .postalCode) == nil)
        session.update(.countryCode, value: "US", caret: 2, in: environment)
        #expect(session.error(for: .postalCode)?.code == "invalid-postal-code")
        session.update(.postalCode, value: "94103", caret: 5, in: environment)
        #expect(session.error(for: .postalCode) == nil)
        Self.fillCard(&session)
        #expect(session.isBillingValid && session.canSubmit)
    }

    @Test func billingFieldsAreCheckedOnlyWhenTheBillingAddressIsRequired() throws {
        var session = try Fixtures.session(#"{"billingFields": ["email"], "requiresBillingAddress": false}"#)
        let update = session.update(.email, value: "x", caret: 1, in: environment)
        #expect(update.wasIgnored)
        Self.fillCard(&session)
        #expect(session.canSubmit)
    }

    /// Fills the card fields with a valid Visa (or keeps the number already typed, for `nil`),
    /// returning the last update's changes.
    @discardableResult
    static func fillCard(
        _ session: inout CardSession, number: String? = "4242 4242 4242 4242", name: String = "Jane Doe"
    ) -> SessionChanges {
        if let number { session.update(.cardNumber, value: number, caret: number.utf16.count, event: .paste, in: environment) }
        session.update(.expiryDate, value: "12/30", caret: 5, event: .paste, in: environment)
        session.update(.cardholderName, value: name, caret: name.utf16.count, in: environment)
        return session.update(.cvv, value: "123", caret: 3, in: environment).changes
    }
}

extension SessionValidationTests {
    @Test func anUpdateReportsOnlyWhatChanged() throws {
        var session = try Fixtures.session()
        let first = session.update(.cardNumber, value: "4", caret: 1, in: environment)
        #expect(first.changes == [.value, .networks])
        let second = session.update(.cardNumber, value: "42", caret: 2, in: environment)
        #expect(second.changes == [.value])
        let same = session.update(.cardNumber, value: "42", caret: 1, in: environment)
        #expect(same.changes == [] && same.formatted == FormattedValue(value: "42", caret: 1))
        let letter = session.update(.cardNumber, value: "42x", caret: 3, in: environment)
        #expect(letter.changes == [] && letter.formatted == FormattedValue(value: "42", caret: 2))
    }
}
