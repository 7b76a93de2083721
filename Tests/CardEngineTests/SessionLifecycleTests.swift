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
        guard case .startPayment(let draft) = session.submit(in: environment) else {
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
        let typed = session.update(.cardNumber, value: "5555", caret: 4, in: environment)
        #expect(typed.wasIgnored && typed.formatted.value == "4242 4242 4242 4242")
        #expect(session.submit(in: environment) == .ignored)
        #expect(session.cancel().isEmpty && session.phase == .processing)
        #expect(session.expire() == .paymentPending && session.phase == .processing)
    }

    @Test func theDraftNeverPrintsTheCardNumberOrCVV() throws {
        var session = try Self.filledSession()
        guard case .startPayment(let draft) = session.submit(in: environment) else {
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
        _ = session.submit(in: environment)
        #expect(session.paymentResult(.succeeded(id: "pay_1")) == [.phase])
        #expect(session.phase == .succeeded(.succeeded(id: "pay_1"), maskedCard: "424242••••••4242"))
        #expect(session.payment?.id == "pay_1")
        #expect(session.update(.cvv, value: "1", caret: 1, in: environment).wasIgnored)
        #expect(session.submit(in: environment) == .ignored)
        #expect(session.paymentResult(.failed(declineCode: "card_declined")).isEmpty)
        #expect(session.phase.name == .succeeded)
        // An idle paid session ends, keeping its outcome.
        #expect(session.expire() == .ended && session.phase.name == .succeeded)
    }

    @Test(arguments: ["succeeded", "cancelled", "expired"])
    func aFinishedSessionForgetsTheCardButKeepsItsMask(_ ending: String) throws {
        var session = try Self.filledSession()
        switch ending {
        case "succeeded":
            _ = session.submit(in: environment)
            session.paymentResult(.succeeded(id: "pay_1"))
        case "cancelled": session.cancel()
        default: #expect(session.expire() == .ended)
        }
        #expect(session.phase.maskedCard == "424242••••••4242")
        #expect(session.value(for: .cardNumber).isEmpty)
        #expect(session.maskedValue(for: .cardNumber) == "424242••••••4242")
        #expect(session.stateJSON(in: environment).serialized.contains("424242••••••4242"))
        #expect(!session.stateJSON(in: environment).serialized.contains("4242424242424242"))
    }

    @Test func afterAFailureTheShopperMayEditAndTryAgain() throws {
        var session = try Self.filledSession()
        _ = session.submit(in: environment)
        session.paymentResult(.failed(declineCode: "insufficient_funds", message: nil))
        #expect(session.phase == .failed(.failed(declineCode: "insufficient_funds")) && session.canSubmit)
        #expect(session.stateJSON(in: environment).objectValue?["payment"] == ["id": nil, "status": "failed", "declineCode": "insufficient_funds", "message": nil])
        #expect(!session.update(.cvv, value: "321", caret: 3, in: environment).wasIgnored)
        guard case .startPayment = session.submit(in: environment) else {
            Issue.record("expected a second payment")
            return
        }
        #expect(session.payment == nil)
    }

    @Test func cancelAndExpireEndTheSession() throws {
        var session = try Fixtures.session()
        #expect(session.cancel() == [.phase] && session.phase == .cancelled(maskedCard: "", lastAttempt: nil))
        #expect(session.update(.cardNumber, value: "4", caret: 1, in: environment).wasIgnored)
        #expect(session.expire() == .ended && session.phase == .expired(maskedCard: "", lastAttempt: nil))
        #expect(session.cancel().isEmpty)
    }

    @Test func aFailedAttemptOutlivesCancelAndExpiryInTheStateJSON() throws {
        var session = try Self.filledSession()
        _ = session.submit(in: environment)
        session.paymentResult(.failed(declineCode: "card_declined"))
        session.cancel()
        #expect(session.phase == .cancelled(maskedCard: "424242••••••4242", lastAttempt: .failed(declineCode: "card_declined")))
        #expect(session.expire() == .ended)
        #expect(session.phase == .expired(maskedCard: "424242••••••4242", lastAttempt: .failed(declineCode: "card_declined")))
        #expect(session.stateJSON(in: environment).objectValue?["phase"] == "expired")
        #expect(session.stateJSON(in: environment).objectValue?["payment"]?.objectValue?["declineCode"] == "card_declined")
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
        #expect(!session.stateJSON(in: environment).serialized.contains("123"))
        #expect(!session.stateJSON(in: environment).serialized.contains("4242424242424242"))
        #expect(session.value(for: .cardNumber) == "4242 4242 4242 4242")
    }

    @Test func defaultValuesAreFormattedAndDisabledFieldsKeepThem() throws {
        var session = try Fixtures.session(#"{"billingFields": ["email", "countryCode"], "fields": {"cardholderName": {"defaultValue": "jane doe"}, "email": {"defaultValue": "a@b.example", "disabled": true}, "countryCode": {"defaultValue": "fr"}}}"#)
        #expect(session.value(for: .cardholderName) == "Jane Doe")
        #expect(session.value(for: .countryCode) == "FR")
        #expect(session.selectedCountry == "FR")
        let typed = session.update(.email, value: "other@b.example", caret: 15, in: environment)
        #expect(typed.wasIgnored && session.value(for: .email) == "a@b.example")
        #expect(session.update(.firstName, value: "x", caret: 1, in: environment).wasIgnored)
    }

    @Test func focusAndBlurAreTracked() throws {
        var session = try Fixtures.session()
        let focused = session.update(.cvv, value: "", caret: 0, event: .focus, in: environment)
        #expect(session.focusedField == .cvv && focused.changes == [.focus])
        session.update(.cvv, value: "", caret: 0, event: .blur, in: environment)
        #expect(session.focusedField == nil)
    }

    @Test func anOverlongInputIsBounded() throws {
        var session = try Fixtures.session()
        let name = String(repeating: "a", count: 5_000)
        let update = session.update(.cardholderName, value: name, caret: 5_000, event: .paste, in: environment)
        #expect(update.formatted.value.utf16.count <= 512)
        #expect(session.error(for: .cardholderName)?.alias == "HN04")
    }

    @Test func theStateStaysSmall() throws {
        var session = try Fixtures.session(#"{"billingFields": ["email", "countryCode", "postalCode"], "amount": 1000, "currency": "EUR"}"#)
        SessionValidationTests.fillCard(&session)
        session.update(.email, value: "jane.doe@example.com", caret: 20, in: environment)
        #expect(session.estimatedByteCount <= 2_048)
    }
}
