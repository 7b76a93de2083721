import CardEngine
import Testing

/// `FieldUpdate.errorFields` and `validityFields` name exactly the fields whose shown error or
/// validity an edit changed: the app re-renders those fields' blocks from them alone.
@Suite struct FieldUpdateVerdictTests {
    /// One edit of a script: field, value, caret, event.
    typealias Edit = (FieldType, String, Int, InputEvent)

    static let scripts: [(json: String, edits: [Edit])] = [
        // A refused network, its error going with the digit, then an Amex whose CVV turns short.
        (
            #"{"orderedAllowedCardNetworks": ["MASTERCARD", "AMEX"]}"#,
            [
                (.cardNumber, "4", 1, .input), (.cardNumber, "", 0, .input), (.cvv, "123", 3, .input),
                (.cvv, "123", 3, .blur), (.cardNumber, "3782 822463 10005", 17, .input),
                (.cardNumber, "3782 822463 10005", 17, .blur), (.cvv, "1234", 4, .input), (.cardNumber, "5", 1, .input),
            ]
        ),
        // A Luhn failure shown on blur, fixed, an expiry completed then made past, a name.
        (
            "{}",
            [
                (.cardNumber, "4242 4242 4242 4241", 19, .input), (.cardNumber, "4242 4242 4242 4241", 19, .blur),
                (.cvv, "1", 1, .blur), (.cardNumber, "4242 4242 4242 4242", 19, .input), (.expiryDate, "12/3", 4, .input),
                (.expiryDate, "12/30", 5, .input), (.expiryDate, "12/20", 5, .input), (.expiryDate, "12/20", 5, .blur),
                // Another error for a field already showing one, beside the CVV's.
                (.expiryDate, "13/20", 5, .paste),
                (.cardholderName, "J", 1, .input), (.cardholderName, "J", 1, .blur), (.cardholderName, "Jane Doe", 8, .input),
                (.cardholderName, "Jane Doe", 8, .focus), (.cardholderName, "", 0, .input),
            ]
        ),
        // The postal code rechecked when the country changes, with errors shown while typing.
        (
            #"{"billingFields": ["countryCode", "postalCode"], "fields": {"postalCode": {"validateOn": "change"}}}"#,
            [
                (.countryCode, "GB", 2, .input), (.postalCode, "SW1A 1AA", 8, .input), (.countryCode, "US", 2, .input),
                (.postalCode, "12345", 5, .input), (.countryCode, "GB", 2, .input), (.postalCode, "", 0, .blur),
            ]
        ),
    ]

    @Test("each edit names the fields whose error or validity it changed", arguments: scripts.indices)
    func theChangedVerdictsAreExactlyThoseThatDiffer(script: Int) throws {
        var session = try Fixtures.session(Self.scripts[script].json)
        var sawError = false, sawValidity = false, sawAnotherIssue = false
        for (field, value, caret, event) in Self.scripts[script].edits {
            let before = session
            let update = session.update(field, value: value, caret: caret, event: event, in: environment)
            var errorFields = FieldSet(), validityFields = FieldSet()
            for each in FieldType.allCases {
                errorFields.set(each, before.error(for: each) != session.error(for: each))
                validityFields.set(each, before.isValid(each) != session.isValid(each))
            }
            #expect(update.errorFields == errorFields, "\(field) \(value) \(event)")
            #expect(update.validityFields == validityFields, "\(field) \(value) \(event)")
            #expect(update.changes.contains(.errors) || errorFields.isEmpty)
            #expect(update.changes.contains(.validity) || validityFields.isEmpty)
            sawError = sawError || !errorFields.isEmpty
            sawAnotherIssue = sawAnotherIssue || (before.error(for: field) != nil && session.error(for: field) != nil && errorFields.contains(field))
            sawValidity = sawValidity || !validityFields.isEmpty
        }
        // Each script changes both, so the comparisons above are not all of empty sets.
        #expect(sawError && sawValidity)
        if script == 1 { #expect(sawAnotherIssue) }
    }

    @Test func anIgnoredEditChangesNoVerdict() throws {
        var session = try Fixtures.session(#"{"cardFields": ["cardNumber", "expiryDate"]}"#)
        let update = session.update(.cvv, value: "123", caret: 3, in: environment)
        #expect(update.wasIgnored && update.errorFields.isEmpty && update.validityFields.isEmpty)
    }

    @Test func aRecheckedFieldIsNamedBesideTheEditedOne() throws {
        var session = try Fixtures.session()
        session.update(.cvv, value: "1234", caret: 4, in: environment)
        session.update(.cvv, value: "1234", caret: 4, event: .blur, in: environment)
        #expect(session.error(for: .cvv) == nil)
        // A Visa takes three digits: the CVV's error appears with the card number's first digit.
        let update = session.update(.cardNumber, value: "4", caret: 1, in: environment)
        #expect(session.error(for: .cvv) != nil)
        #expect(update.errorFields == [.cvv])
    }
}
