import CardEngine
import Testing

@Suite struct SessionLifecycleTests {
    static func filledSession(_ json: String = "{}") throws -> CardSession {
        var session = try Fixtures.session(json)
        SessionValidationTests.fillCard(&session)
        return session
    }

    @Test func aValidSubmitStartsThePaymentAndProcessingIgnoresTheShopper() throws {
        var session = try Self.filledSession(#"{"amount": 1000, "currency": "EUR", "customerId": "cus_9", "surcharges": {"VISA": 25}, "metadata": {"order": 7}}"#)
        guard case .startPayment(let draft) = session.submit() else {
            Issue.record("expected a payment")
            return
        }
        #expect(draft.network == .visa)
        #expect(draft.cardNumber == "4242424242424242" && draft.cvv == "123")
        #expect(draft.expiryMonth == 12 && draft.expiryYear == 2030)
        #expect(draft.cardholderName == "Jane Doe")
        #expect(draft.bin == "424242" && draft.last4 == "4242")
        #expect(draft.amount == 1000 && draft.surcharge == 25 && draft.totalAmount == 1025 && draft.currency == "EUR")
        #expect(draft.customerId == "cus_9" && draft.metadata == ["order": 7])
        #expect(session.phase == .processing && session.isLoading && !session.canSubmit)
        // While processing: input, a second submit, cancel and a network pick are ignored.
        let typed = session.update(.cardNumber, value: "5555", caret: 4)
        #expect(typed.wasIgnored && typed.formatted.value == "4242 4242 4242 4242")
        #expect(session.submit() == .ignored)
        let cancelled = session.cancel()
        #expect(!cancelled && session.phase == .processing)
        let expired = session.expire()
        #expect(!expired)
    }

    @Test func theDraftNeverPrintsTheCardNumberOrCVV() throws {
        var session = try Self.filledSession()
        guard case .startPayment(let draft) = session.submit() else {
            Issue.record("expected a payment")
            return
        }
        for text in [draft.description, draft.debugDescription, "\(draft)", String(describing: [draft])] {
            #expect(!text.contains("4242424242424242"))
            #expect(!text.contains("123,") && !text.contains("cvv"))
        }
    }

    @Test func aSuccessEndsTheSession() throws {
        var session = try Self.filledSession()
        _ = session.submit()
        let applied = session.paymentResult(.succeeded(id: "pay_1"))
        #expect(applied && session.phase == .succeeded && session.payment?.id == "pay_1")
        #expect(session.update(.cvv, value: "1", caret: 1).wasIgnored)
        #expect(session.submit() == .ignored)
        let again = session.paymentResult(.failed(declineCode: "card_declined"))
        #expect(!again && session.phase == .succeeded)
        let expired = session.expire()
        #expect(!expired)
    }

    @Test(arguments: ["succeeded", "cancelled", "expired"])
    func aFinishedSessionForgetsTheCardButKeepsItsMask(_ ending: String) throws {
        var session = try Self.filledSession()
        switch ending {
        case "succeeded":
            _ = session.submit()
            _ = session.paymentResult(.succeeded(id: "pay_1"))
        case "cancelled": _ = session.cancel()
        default: _ = session.expire()
        }
        #expect(session.value(for: .cardNumber).isEmpty)
        #expect(session.maskedValue(for: .cardNumber) == "424242••••••4242")
        #expect(session.stateJSON.serialized.contains("424242••••••4242"))
        #expect(!session.stateJSON.serialized.contains("4242424242424242"))
    }

    @Test func afterAFailureTheShopperMayEditAndTryAgain() throws {
        var session = try Self.filledSession()
        _ = session.submit()
        _ = session.paymentResult(.failed(declineCode: "insufficient_funds", message: nil))
        #expect(session.phase == .failed && session.canSubmit)
        #expect(session.stateJSON.objectValue?["payment"] == ["id": nil, "status": "failed", "declineCode": "insufficient_funds", "message": nil])
        #expect(!session.update(.cvv, value: "321", caret: 3).wasIgnored)
        guard case .startPayment = session.submit() else {
            Issue.record("expected a second payment")
            return
        }
        #expect(session.payment == nil)
    }

    @Test func cancelAndExpireEndTheSession() throws {
        var session = try Fixtures.session()
        let cancelled = session.cancel()
        #expect(cancelled && session.phase == .cancelled)
        #expect(session.update(.cardNumber, value: "4", caret: 1).wasIgnored)
        let expired = session.expire()
        #expect(expired && session.phase == .expired)
        let again = session.cancel()
        #expect(!again)
    }

    @Test(arguments: [
        ("", ""), ("4242", "4242"), ("424242", "424242"), ("4242424", "424242•"), ("424242424242", "424242••••••"),
        ("4242424242424", "424242•••2424"), ("4242424242424242", "424242••••••4242"), ("3782822463100052", "378282••••••0052"),
        ("6212345678901234567", "621234•••••••••4567"),
    ])
    func theCardNumberIsReadBackMasked(_ digits: String, _ masked: String) {
        #expect(CardSession.mask(digits: digits) == masked)
    }

    @Test func theCVVIsNeverReadBack() throws {
        let session = try Self.filledSession()
        #expect(session.value(for: .cvv) == "")
        #expect(session.maskedValue(for: .cvv) == "")
        #expect(session.cvvLength == 3)
        #expect(!session.stateJSON.serialized.contains("123"))
        #expect(!session.stateJSON.serialized.contains("4242424242424242"))
        #expect(session.value(for: .cardNumber) == "4242 4242 4242 4242")
    }

    @Test func defaultValuesAreFormattedAndDisabledFieldsKeepThem() throws {
        var session = try Fixtures.session(#"{"billingFields": ["email", "countryCode"], "fields": {"cardholderName": {"defaultValue": "jane doe"}, "email": {"defaultValue": "a@b.example", "disabled": true}, "countryCode": {"defaultValue": "fr"}}}"#)
        #expect(session.value(for: .cardholderName) == "Jane Doe")
        #expect(session.value(for: .countryCode) == "FR")
        #expect(session.selectedCountry == "FR")
        let typed = session.update(.email, value: "other@b.example", caret: 15)
        #expect(typed.wasIgnored && session.value(for: .email) == "a@b.example")
        #expect(session.update(.firstName, value: "x", caret: 1).wasIgnored)
    }

    @Test func focusAndBlurAreTracked() throws {
        var session = try Fixtures.session()
        let focused = session.update(.cvv, value: "", caret: 0, event: .focus)
        #expect(session.focusedField == .cvv && focused.changes == [.focus])
        _ = session.update(.cvv, value: "", caret: 0, event: .blur)
        #expect(session.focusedField == nil)
    }

    @Test func anOverlongInputIsBounded() throws {
        var session = try Fixtures.session()
        let name = String(repeating: "a", count: 5_000)
        let update = session.update(.cardholderName, value: name, caret: 5_000, event: .paste)
        #expect(update.formatted.value.utf16.count <= 512)
        #expect(session.error(for: .cardholderName)?.alias == "HN04")
    }

    @Test func theStateStaysSmall() throws {
        var session = try Fixtures.session(#"{"billingFields": ["email", "countryCode", "postalCode"], "amount": 1000, "currency": "EUR"}"#)
        SessionValidationTests.fillCard(&session)
        _ = session.update(.email, value: "jane.doe@example.com", caret: 20)
        #expect(session.estimatedByteCount <= 2_048)
    }
}
