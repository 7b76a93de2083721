import Testing
@testable import CardEngine

/// A session's field values are held by reference inside it (one array), so a copy costs one retain
/// for all of them; the session must still behave as a plain value: copies change independently,
/// and equality and hashing look at what is held, not at which array holds it.
@Suite struct SessionCopyTests {
    static let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 6))

    static func configuration(amount: Int) -> SessionConfiguration {
        var configuration = SessionConfiguration()
        configuration.amount = amount
        configuration.currency = "EUR"
        return configuration
    }

    @Test func sessionsBuiltApartFromEqualConfigurationsAreEqualAndHashAlike() {
        var first = CardSession(id: "s1", configuration: Self.configuration(amount: 500), environment: Self.environment)
        var second = CardSession(id: "s1", configuration: Self.configuration(amount: 500), environment: Self.environment)
        first.update(.cardNumber, value: "4242 4242", caret: 9, in: Self.environment)
        second.update(.cardNumber, value: "4242 4242", caret: 9, in: Self.environment)
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        second.update(.cardholderName, value: "Ada", caret: 3, in: Self.environment)
        #expect(first != second)
        var third = first
        _ = third.reconfigure(Self.configuration(amount: 700), in: Self.environment)
        #expect(first != third)
    }

    @Test func aCopyChangesWithoutChangingTheOriginal() {
        let original = CardSession(id: "s1", configuration: Self.configuration(amount: 500), environment: Self.environment)
        var copy = original
        copy.update(.cardNumber, value: "4242 4242", caret: 9, in: Self.environment)
        _ = copy.reconfigure(Self.configuration(amount: 700), in: Self.environment)
        #expect(original.value(for: .cardNumber) == "")
        #expect(original.configuration.amount == 500)
        #expect(copy.value(for: .cardNumber) == "4242 4242")
        #expect(copy.configuration.amount == 700)
    }
}
