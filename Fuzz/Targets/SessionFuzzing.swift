import CardEngine

/// A card session driven by a sequence of events read from the bytes: keystrokes, pastes, focus and
/// blur in any field, network picks, BIN answers, submits, payment results, cancel and expiry.
/// After each keystroke the caret must lie inside the value; at the end the state must serialize to
/// JSON that parses back (checked once: it formats amounts through ICU, which is slow).
enum SessionFuzzing {
    static let configuration: SessionConfiguration = {
        let options = """
            {"cardFields": ["cardNumber", "expiryDate", "cvv", "cardholderName"],
             "billingFields": ["firstName", "lastName", "email", "phoneNumber", "addressLine1", "addressLine2",
                               "city", "state", "postalCode", "countryCode"],
             "requiresBillingAddress": true, "amount": 1999, "currency": "EUR",
             "surcharges": {"VISA": 109, "MASTERCARD": 0, "CARTES_BANCAIRES": 50},
             "fields": {"email": {"validateOn": "change"}}}
            """
        // A fixed document the engine's own tests accept: failing here is a broken harness.
        return try! SessionConfiguration.parse(Array(options.utf8))
    }()

    /// The BIN table built in and a clock stopped in one month, so a corpus input replays alike
    /// any day.
    static let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 6))

    /// Bytes a shopper types most: digits and separators, with the odd letter and wide character.
    static let alphabet = Array("0123456789 /-.+@'éAFRSZ\u{0}\u{200B}😀")

    static func run(_ input: UnsafeRawBufferPointer) {
        var input = FuzzInput(input)
        var session = CardSession(id: "cs_fuzz", configuration: configuration, environment: environment)
        var steps = 0
        while !input.isEmpty, steps < 64 {
            steps += 1
            step(&session, &input)
        }
        check(session)
    }

    private static func step(_ session: inout CardSession, _ input: inout FuzzInput) {
        switch input.byte() % 8 {
        case 0...3:
            let field = input.pick(FieldType.allCases)
            let value = String(input.chunk(upTo: 40).map { alphabet[Int($0) % alphabet.count] })
            let caret = Int(input.byte()) - 8
            let update = session.update(field, value: value, caret: caret, event: input.pick(InputEvent.allCases), in: environment)
            precondition((0...update.formatted.value.utf16.count).contains(update.formatted.caret), "caret outside the value")
        case 4:
            if case .startPayment = session.submit(in: environment), input.byte() % 2 == 0 {
                _ = session.paymentResult(input.byte() % 2 == 0 ? .succeeded(id: "pay_1") : .failed(declineCode: "declined"))
            }
        case 5:
            _ = session.paymentResult(input.byte() % 2 == 0 ? .succeeded(id: "pay_2") : .failed(declineCode: nil))
        case 6:
            if input.byte() % 4 == 0 { _ = session.expire() } else { session.cancel() }
        default:
            let network = input.pick(CardNetwork.allCases)
            if input.byte() % 2 == 0 {
                _ = session.selectNetwork(network, in: environment)
            } else {
                let bin = String(input.chunk(upTo: 8).map { Character(String($0 % 10)) })
                _ = session.resolveBIN(bin, record: input.byte() % 3 == 0 ? nil : BINRecord(bin: bin, networks: [network]), in: environment)
            }
        }
    }

    private static func check(_ session: CardSession) {
        let state = session.stateJSON(in: environment)
        precondition((try? JSONValue.parse(state.serialized)) == state, "the state does not round-trip through JSON")
        for field in FieldType.allCases { _ = session.maskedValue(for: field) }
        for error in session.fieldErrors { _ = session.message(for: error, in: environment) }
        _ = session.formattedTotal
    }
}
