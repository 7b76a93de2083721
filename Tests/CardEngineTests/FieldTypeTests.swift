import CardEngine
import Testing

struct FieldTypeTests {
    @Test("every block name is the field's name in kebab case, as CONTRACT §5 names the block templates")
    func kebabNamesFollowTheFieldNames() {
        for field in FieldType.allCases {
            var expected = ""
            for character in field.rawValue {
                expected += character.isUppercase ? "-" + character.lowercased() : String(character)
            }
            #expect(field.spec.blockName == expected)
        }
    }

    /// The fields CONTRACT §2 names, in the default form's order, with the autofill tokens §4 gives
    /// them. A field added later is the contract's business too, but not a change to these.
    static let contractFields: KeyValuePairs<FieldType, String> = [
        .cardNumber: "cc-number", .expiryDate: "cc-exp", .cvv: "cc-csc", .cardholderName: "cc-name",
        .firstName: "given-name", .lastName: "family-name", .email: "email", .phoneNumber: "tel", .countryCode: "country",
        .addressLine1: "address-line1", .addressLine2: "address-line2", .city: "address-level2", .state: "address-level1",
        .postalCode: "postal-code",
    ]

    @Test("each field's table entry is its own, and autofill tokens are those CONTRACT §4 lists")
    func tableEntriesDescribeTheirField() {
        for field in FieldType.allCases { #expect(field.spec.field == field) }
        for (field, token) in Self.contractFields { #expect(field.spec.autocomplete == token, "\(field)") }
        let tokens = FieldType.allCases.map(\.spec.autocomplete)
        #expect(Set(tokens).count == tokens.count, "two fields autofill alike: \(tokens)")
    }

    @Test("the sections list their fields in the default form's order, card fields first")
    func sectionsInFormOrder() {
        let named = Self.contractFields.map(\.key)
        #expect(FieldType.allCases.filter(named.contains) == named)
        #expect(FieldType.cardFields == [.cardNumber, .expiryDate, .cvv, .cardholderName])
        #expect(FieldType.allCases == FieldType.cardFields + FieldType.billingFields)
    }

    @Test("every field's sample value, typed and left, is valid: the linter and the gallery can rely on it")
    func sampleValuesAreValid() throws {
        let billing = FieldType.billingFields.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        var session = try Fixtures.session(#"{"billingFields": [\#(billing)]}"#)
        for field in FieldType.allCases {
            let value = field.spec.sampleValue
            session.update(field, value: value, caret: value.utf16.count, in: environment)
            session.update(field, value: value, caret: value.utf16.count, event: .blur, in: environment)
        }
        #expect(session.fieldErrors.isEmpty)
        #expect(session.isValid && session.isBillingValid)
    }

    @Test("the page script's hooks in the table say what the engine's formatters do")
    func pageHooksFollowTheFormatters() throws {
        let billing = FieldType.billingFields.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        var session = try Fixtures.session(#"{"billingFields": [\#(billing)]}"#)
        func typed(_ field: FieldType, _ value: String) -> String {
            session.update(field, value: value, caret: value.utf16.count, in: environment).formatted.value
        }
        for field in FieldType.allCases {
            let spec = field.spec
            // Typed as bare letters and digits, the value gets back exactly the separators the
            // table names: the formatter inserts those and no other character.
            let bare = spec.sampleValue.filter { $0.isLetter || $0.isNumber }
            let formatted = typed(field, bare)
            #expect(Set(formatted).subtracting(bare) == Set(spec.separators), "\(field): \(formatted)")
            if !spec.separators.isEmpty { #expect(formatted == spec.sampleValue, "\(field)") }
            if spec.isDigitsOnly {
                let kept = typed(field, "1a-2")
                #expect(kept.allSatisfy { $0.isASCII && $0.isNumber || spec.separators.contains($0) }, "\(field): \(kept)")
            }
        }
        // The card fields are those the page formats, each by its own formatter.
        #expect(FieldType.allCases.filter { $0.spec.typingFormat != nil } == FieldType.cardFields)
        #expect(FieldType.cardFields.compactMap(\.spec.typingFormat) == TypingFormat.allCases)
        let named = try #require(FieldType.allCases.first { $0.spec.typingFormat == .name })
        #expect(named.spec.capitalisesByDefault && typed(named, "ada o'neil") == "Ada O'Neil")
    }

    @Test("only the card number and the CVV keep their value from read-back and defaults")
    func readBack() {
        #expect(FieldType.allCases.filter { $0.spec.readBack != .shown } == [.cardNumber, .cvv])
    }
}
