import CardEngine
import Testing

/// Co-badging in a session: ordering by the merchant, the shopper's pick, eftpos, BIN data.
@Suite struct SessionNetworkTests {
    static func typed(_ number: String, allowed: [CardNetwork]) throws -> CardSession {
        let list = allowed.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        var session = try Fixtures.session(#"{"orderedAllowedCardNetworks": [\#(list)]}"#)
        session.update(.cardNumber, value: number, caret: number.count, event: .paste, in: environment)
        return session
    }

    @Test(arguments: TestCards.coBadged)
    func everyCoBadgedTestCardYieldsBothNetworksInTheMerchantsOrder(_ card: TestCards.Card) throws {
        for order in [card.networks, card.networks.reversed()] {
            let session = try Self.typed(card.number, allowed: order + [.amex])
            #expect(session.availableNetworks == order)
            // Without a pick the issuer's first network shows, whatever the merchant's order.
            #expect(session.selectedNetwork == card.networks[0])
            #expect(session.binData?.preferred == card.networks[0])
            #expect(session.binData?.status == .complete)
            #expect(session.isNetworkSelectable == !card.networks.contains(.eftpos))
        }
    }

    @Test func networksTheMerchantRefusesComeLastAndAreNotOffered() throws {
        let session = try Self.typed("4000002500001001", allowed: [.visa, .mastercard])
        #expect(session.availableNetworks == [.visa, .cartesBancaires])
        #expect(session.selectedNetwork == .visa)
        #expect(session.selectableNetworks == [.visa])
        #expect(!session.isNetworkSelectable)
        #expect(session.error(for: .cardNumber) == nil)
    }

    @Test func theShoppersPickHoldsUntilTheBINChanges() throws {
        var session = try Self.typed("4000 0025 0000 1001", allowed: [.cartesBancaires, .visa])
        #expect(!session.selectNetwork(.visa, in: environment).isEmpty)
        #expect(session.selectedNetwork == .visa)
        #expect(session.binData?.preferred == .cartesBancaires)
        // Editing the last digits keeps the BIN, and the pick.
        session.update(.cardNumber, value: "4000 0025 0000 100", caret: 18, in: environment)
        #expect(session.selectedNetwork == .visa)
        // Changing the BIN drops it, even when the same card comes back.
        session.update(.cardNumber, value: "4000 002", caret: 8, in: environment)
        session.update(.cardNumber, value: "4000 0025 0000 1001", caret: 19, event: .paste, in: environment)
        #expect(session.selectedNetwork == .cartesBancaires)
    }

    @Test func onlyAnOfferedNetworkCanBePicked() throws {
        var session = try Self.typed("4000002500001001", allowed: [.cartesBancaires, .visa])
        #expect(session.selectNetwork(.mastercard, in: environment).isEmpty)
        var single = try Self.typed("4242424242424242", allowed: [.visa])
        #expect(single.selectNetwork(.visa, in: environment).isEmpty)
    }

    @Test func anEftposCoBadgeShowsBothBadgesAndOffersNoChoice() throws {
        var session = try Self.typed("4000050360000001", allowed: [.visa, .eftpos])
        #expect(session.availableNetworks == [.visa, .eftpos])
        #expect(!session.isNetworkSelectable)
        #expect(session.selectNetwork(.visa, in: environment).isEmpty)
        #expect(session.selectedNetwork == .eftpos)
    }

    @Test func prefixRulesGivePartialBINData() throws {
        let session = try Self.typed("4242 42", allowed: CardNetwork.defaultAllowed)
        #expect(session.binData == BINData(preferred: .visa, alternatives: [], status: .partial))
        #expect(session.availableNetworks == [.visa])
        #expect(try Fixtures.session().binData == nil)
        #expect(try Fixtures.session().selectedNetwork == nil)
    }

    @Test func anUnknownNumberIsOther() throws {
        let session = try Self.typed("7777", allowed: CardNetwork.defaultAllowed)
        #expect(session.availableNetworks == [.other])
        #expect(session.error(for: .cardNumber)?.code == "invalid-card-number")
    }

    @Test func aRemoteBINAnswerIsAskedForAndApplied() throws {
        var session = try Self.typed("5105 1051 0510 5100", allowed: [.cartesBancaires, .mastercard])
        #expect(session.pendingBINLookup == "51051051")
        let record = BINRecord(bin: "51051051", networks: [.cartesBancaires, .mastercard], issuerCountry: "FR", fundingType: .debit)
        #expect(!session.resolveBIN("51051051", record: record, in: environment).isEmpty)
        #expect(session.pendingBINLookup == nil)
        #expect(session.availableNetworks == [.cartesBancaires, .mastercard])
        #expect(session.binRecord?.issuerCountry == "FR")
        #expect(session.isNetworkSelectable)
        // Another card: the answer waits until the number starts with that BIN again.
        session.update(.cardNumber, value: "4242 4242 4242 4242", caret: 19, event: .paste, in: environment)
        #expect(session.availableNetworks == [.visa])
        session.update(.cardNumber, value: "5105 1051 0510 5100", caret: 19, event: .paste, in: environment)
        #expect(session.availableNetworks == [.cartesBancaires, .mastercard])
    }

    @Test func aBINTheServiceDoesNotKnowIsNotAskedAgain() throws {
        var session = try Self.typed("4242 4242 4242 4242", allowed: [.visa])
        #expect(session.pendingBINLookup == "42424242")
        #expect(session.resolveBIN("42424242", record: nil, in: environment).isEmpty)
        #expect(session.pendingBINLookup == nil)
        #expect(session.resolveBIN("4242", record: nil, in: environment).isEmpty)
        let local = try Self.typed("4000 0025 0000 1001", allowed: [.visa])
        #expect(local.pendingBINLookup == nil)
    }

    @Test(arguments: [("en", "+ €1.09"), ("fr", "+ 1,09\u{a0}€"), ("de", "+ 1,09\u{a0}€")])
    func theSurchargeFollowsTheShownNetwork(_ locale: String, _ formatted: String) throws {
        var session = try Fixtures.session(#"{"currency": "EUR", "amount": 1000, "locale": "\#(locale)", "surcharges": {"CARTES_BANCAIRES": 109}, "orderedAllowedCardNetworks": ["CARTES_BANCAIRES", "VISA"]}"#)
        session.update(.cardNumber, value: "4000002500001001", caret: 16, event: .paste, in: environment)
        #expect(session.surchargeAmountRaw == 109)
        #expect(session.surchargeAmount?.replacingOccurrences(of: "\u{202f}", with: "\u{a0}") == formatted)
        #expect(!session.selectNetwork(.visa, in: environment).isEmpty)
        #expect(session.surchargeAmountRaw == nil)
        #expect(session.surchargeAmount == nil)
    }

    @Test func amountsUseTheCurrencysMinorUnits() {
        #expect(MoneyFormatter.format(minorUnits: 500, currency: "JPY", locale: "en") == "¥500")
        #expect(MoneyFormatter.format(minorUnits: 1500, currency: "KWD", locale: "en").contains("1.500"))
        #expect(MoneyFormatter.format(minorUnits: 1000, currency: "USD", locale: "en-US") == "$10.00")
    }

    @Test func aNetworkChangeRevalidatesTheCVV() throws {
        var session = try Fixtures.session()
        session.update(.cardNumber, value: "3782 822463 10005", caret: 17, event: .paste, in: environment)
        session.update(.cvv, value: "1234", caret: 4, in: environment)
        #expect(session.error(for: .cvv) == nil)
        let update = session.update(.cardNumber, value: "4242 4242 4242 4242", caret: 19, event: .paste, in: environment)
        #expect(session.error(for: .cvv)?.code == "invalid-cvv")
        #expect(update.changes.contains(.errors))
        #expect(update.changes.contains(.networks))
        #expect(session.securityCode.name == "CVV")
    }

    /// Other fields' edits leave the networks out of their snapshots (`snapshot(withNetworks:)`):
    /// with networks detected and shown, typing elsewhere reports no change to them, and the card
    /// number's next edit that moves them still does.
    @Test func onlyTheCardNumbersEditReportsTheNetworks() throws {
        var session = try Fixtures.session()
        let amex = session.update(.cardNumber, value: "3782 822463 10005", caret: 17, event: .paste, in: environment)
        #expect(amex.changes.contains(.networks))
        for update in [
            session.update(.cvv, value: "1234", caret: 4, in: environment),
            session.update(.expiryDate, value: "12/40", caret: 5, in: environment),
        ] {
            #expect(!update.changes.contains(.networks) && !update.changes.contains(.surcharge))
            #expect(update.changes.contains(.value))
        }
        let visa = session.update(.cardNumber, value: "4242 4242 4242 4242", caret: 19, event: .paste, in: environment)
        #expect(visa.changes.contains(.networks))
    }
}

extension SessionNetworkTests {
    @Test(arguments: [("", 23, 4), ("4", 23, 3), ("5", 19, 3), ("37", 17, 4), ("36", 23, 3), ("2200", 23, 3)])
    func theInputsMaximumLengthFollowsTheShownNetwork(_ number: String, _ cardLength: Int, _ cvvLength: Int) throws {
        var session = try Fixtures.session()
        session.update(.cardNumber, value: number, caret: number.count, in: environment)
        #expect(session.maxLength(for: .cardNumber) == cardLength)
        #expect(session.maxLength(for: .cvv) == cvvLength)
        #expect(session.maxLength(for: .expiryDate) == 5)
        #expect(session.maxLength(for: .cardholderName) == nil)
    }
}

extension SessionNetworkTests {
    /// Types `text` one character at a time at the end of the input, as a browser reports it.
    static func type(_ text: String, into field: FieldType, of session: inout CardSession) -> [FieldUpdate] {
        text.map { character in
            let current = session.value(for: field)
            let raw = current + String(character)
            return session.update(field, value: raw, caret: raw.utf16.count, in: environment)
        }
    }

    @Test func typingACoBadgedCardDigitByDigitRevealsItsSecondNetworkAtTheEighthDigit() throws {
        var session = try Fixtures.session(#"{"orderedAllowedCardNetworks": ["VISA", "CARTES_BANCAIRES"]}"#)
        let updates = Self.type("4000002500001001", into: .cardNumber, of: &session)
        #expect(updates.map(\.formatted.value).last == "4000 0025 0000 1001")
        #expect(updates.map(\.formatted.caret).last == 19)
        let networksChanged = updates.enumerated().filter { $0.element.changes.contains(.networks) }.map { $0.offset + 1 }
        #expect(networksChanged == [1, 8])
        #expect(session.availableNetworks == [.visa, .cartesBancaires])
        #expect(session.isNetworkSelectable)
        #expect(session.fieldErrors.isEmpty)
    }

    @Test func typingAnExpiryDateDigitByDigit() throws {
        var session = try Fixtures.session()
        let updates = Self.type("1230", into: .expiryDate, of: &session)
        #expect(updates.map(\.formatted.value) == ["1", "12/", "12/3", "12/30"])
        #expect(updates.map(\.formatted.caret) == [1, 3, 4, 5])
        #expect(session.fieldErrors.isEmpty)
    }
}

extension SessionNetworkTests {
    @Test func aBINAnswerNamingNoNetworkLeavesThePrefixRulesInCharge() throws {
        var session = try Self.typed("4242 4242 4242 4242", allowed: [.visa])
        session.resolveBIN("42424242", record: BINRecord(bin: "42424242", networks: []), in: environment)
        #expect(session.availableNetworks == [.visa])
        #expect(session.binData?.status == .partial)
        #expect(session.pendingBINLookup == nil)
    }
}
