import Testing
@testable import CardEngine
@testable import CardFormApp

@Suite struct ViewChangesTests {
    private static func error(_ field: FieldType, _ code: String) -> FieldError {
        FieldError(field: field, issue: ValidationIssue(code: code))
    }

    /// The fields whose shown error (their first listed) differs across an event are exactly the
    /// fields whose blocks re-render for it: one appearing, changing or going, and none for a
    /// field whose shown error stayed. The last two rows list a field twice, which the engine
    /// never does: the shown error is still what decides.
    @Test(arguments: [
        ([], [error(.cvv, "incomplete")], [FieldType.cvv]),
        ([error(.cvv, "incomplete")], [error(.cvv, "invalid-cvv")], [.cvv]),
        ([error(.cardNumber, "incomplete"), error(.cvv, "incomplete")], [error(.cvv, "incomplete")], [.cardNumber]),
        ([error(.cvv, "incomplete")], [error(.expiryDate, "card-expired"), error(.cvv, "incomplete")], [.expiryDate]),
        ([error(.cvv, "a"), error(.cvv, "b")], [error(.cvv, "b"), error(.cvv, "a")], [.cvv]),
        ([error(.cvv, "a")], [error(.cvv, "a"), error(.cvv, "b")], []),
    ] as [([FieldError], [FieldError], [FieldType])])
    func aFieldsErrorChangesExactlyWhenItsShownErrorDoes(before: [FieldError], after: [FieldError], changed: [FieldType]) {
        let changes = ViewChanges(
            .errors, edited: nil, before: FieldVerdicts(errors: before, valid: []), after: FieldVerdicts(errors: after, valid: []))
        #expect(changes == ViewChanges(changed.map(ViewChanges.error)))
    }
}
