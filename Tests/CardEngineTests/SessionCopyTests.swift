import Testing
@testable import CardEngine

/// A session's field values are held in one copy-on-write array, so a copy costs one retain for all
/// of them; equality and hashing must look at what is held, not at which array holds it.
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
}
