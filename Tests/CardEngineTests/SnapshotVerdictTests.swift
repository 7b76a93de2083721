@testable import CardEngine
import Testing

/// `snapshot` takes the verdicts off the configuration's field sets: after every edit of the
/// verdict scripts they must be what the configuration's lists say (`verdictsByList`).
@Suite struct SnapshotVerdictTests {
    @Test(arguments: FieldUpdateVerdictTests.scripts.indices)
    func theSnapshotsVerdictsAreTheSessions(script: Int) throws {
        var session = try Fixtures.session(FieldUpdateVerdictTests.scripts[script].json)
        var sawComplete = false
        for (field, value, caret, event) in FieldUpdateVerdictTests.scripts[script].edits {
            session.update(field, value: value, caret: caret, event: event, in: environment)
            let snapshot = session.snapshot
            let listed = SnapshotVerdictRandomTests.verdictsByList(session)
            #expect(snapshot.validity == listed.validity, "\(field) \(value) \(event)")
            #expect(snapshot.completeFields == listed.complete, "\(field) \(value) \(event)")
            sawComplete = sawComplete || !listed.complete.isEmpty
        }
        #expect(sawComplete)
    }

    /// A billing field that passes while a card field does not: the two halves are told apart.
    @Test func billingAndCardValidityAreReadApart() throws {
        var session = try Fixtures.session(#"{"billingFields": ["countryCode", "postalCode"]}"#)
        session.update(.countryCode, value: "US", caret: 2, in: environment)
        session.update(.postalCode, value: "12345", caret: 5, event: .blur, in: environment)
        let snapshot = session.snapshot
        #expect(snapshot.validity == (false, true))
        #expect(snapshot.completeFields == [.countryCode, .postalCode])
    }
}
