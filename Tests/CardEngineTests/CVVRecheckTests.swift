@testable import CardEngine
import Testing

/// A card-number edit re-checks the CVV only when the shown network changes: the CVV reads
/// nothing else of the number. Each edit here is compared with a session that re-checks it anyway.
@Suite struct CVVRecheckTests {
    static let configurations = [
        "{}",
        #"{"fields": {"cvv": {"validateOn": "change"}}}"#,
        #"{"fields": {"cvv": {"validateOn": "submit"}}}"#,
        #"{"fields": {"cvv": {"required": false}}}"#,
        #"{"orderedAllowedCardNetworks": ["VISA", "AMEX", "BANCONTACT", "CARTES_BANCAIRES"]}"#,
    ]

    /// CVVs typed (and left) before the number: too short, three and four digits.
    static let cvvs = ["", "12", "123", "1234"]

    /// Numbers typed digit by digit, then taken back: Visa, Amex, Bancontact (no CVV needed), a
    /// co-badged Cartes Bancaires card, and digits no network claims.
    static let numbers = ["4242424242424242", "378282246310005", "6703420055456501", "4000002500001001", "9999"]

    @Test("the CVV's verdict after each card-number edit is what a re-check gives", arguments: configurations.indices)
    func skippingTheRecheckKeepsTheVerdict(configuration: Int) throws {
        var compared = 0
        for cvv in Self.cvvs {
            for number in Self.numbers {
                var session = try Fixtures.session(Self.configurations[configuration])
                session.update(.cvv, value: cvv, caret: cvv.utf16.count, in: environment)
                session.update(.cvv, value: cvv, caret: cvv.utf16.count, event: .blur, in: environment)
                var typed = ""
                let edits = number.map { digit in typed.append(digit); return typed }
                    + number.indices.reversed().map { String(number[..<$0]) }
                for value in edits {
                    session.update(.cardNumber, value: value, caret: value.utf16.count, in: environment)
                    var rechecked = session
                    rechecked.refreshDependents(of: .cardNumber, in: environment)
                    #expect(rechecked == session, "\(cvv) \(value)")
                    compared += 1
                }
                // A submit shows every error; the number's edits keep the CVV's honest from there.
                _ = session.submit(in: environment)
                for value in ["4", "3", "37", ""] {
                    session.update(.cardNumber, value: value, caret: value.utf16.count, in: environment)
                    var rechecked = session
                    rechecked.refreshDependents(of: .cardNumber, in: environment)
                    #expect(rechecked == session, "after submit: \(cvv) \(value)")
                }
            }
        }
        #expect(compared > 100)
    }

    @Test func aNetworkChangeStillRechecksTheCVV() throws {
        var session = try Fixtures.session()
        session.update(.cvv, value: "1234", caret: 4, in: environment)
        session.update(.cardNumber, value: "3", caret: 1, in: environment)
        session.update(.cardNumber, value: "37", caret: 2, in: environment)
        #expect(session.isValid(.cvv))
        // From Amex to Visa: four digits are now one too many.
        session.update(.cardNumber, value: "4", caret: 1, in: environment)
        #expect(!session.isValid(.cvv))
        #expect(session.error(for: .cvv) != nil)
    }
}
