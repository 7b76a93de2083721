import CardEngine
import Foundation
import Testing
@testable import CardFormApp
@testable import Payments
@testable import CardFormSupport

/// Payment drafts made the way the server makes them: a real session, filled and submitted.
enum PaymentsFixtures {
    /// A draft for `number` (digits), expiry 12/30, on a session `id` with `options` (session JSON);
    /// `network` picks a co-badged card's network before submitting.
    static func draft(
        _ number: String = "4242424242424242", session id: String = "cs_" + RandomToken.make128(),
        options: String = #"{"amount": 1000, "currency": "EUR"}"#, network: CardNetwork? = nil
    ) throws -> PaymentRequestDraft {
        let configuration = try SessionConfiguration.parse(Array(options.utf8))
        let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 6))
        var session = CardSession(id: id, configuration: configuration, environment: environment)
        session.update(.cardNumber, value: number, caret: number.utf16.count, event: .paste, in: environment)
        session.update(.expiryDate, value: "12/30", caret: 5, event: .paste, in: environment)
        let cvv = number.hasPrefix("34") || number.hasPrefix("37") ? "1234" : "123"
        session.update(.cvv, value: cvv, caret: cvv.count, in: environment)
        session.update(.cardholderName, value: "Jane Doe", caret: 8, in: environment)
        if let network { session.selectNetwork(network, in: environment) }
        guard case .startPayment(let draft) = session.submit(in: environment) else {
            throw FixtureFailure(description: "the session refused to submit \(number.suffix(4))")
        }
        return draft
    }

    struct FixtureFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The request's body parsed as JSON (a test failure if it is not).
    static func json(_ body: [UInt8]) throws -> JSONValue {
        try JSONValue.parse(body)
    }
}

extension PaymentCoordinator {
    /// `start` awaited: the decision, and the outcome when an attempt started.
    func startAndWait(_ draft: PaymentRequestDraft, attempt: Int = 1, saveCard: Bool = false) async -> PaymentOutcome? {
        await withCheckedContinuation { continuation in
            let decision = start(draft, attempt: attempt, saveCard: saveCard) { continuation.resume(returning: $0) }
            if case .started = decision { return }
            continuation.resume(returning: nil)
        }
    }
}

extension PaymentSettings {
    /// The settings `configuration` describes, with its store resolved as `serve` resolves it.
    init(configuration: ServerConfiguration, logger: Logger = .silent) throws(ServerConfigurationError) {
        try self.init(configuration: configuration, backend: configuration.store.resolve(), logger: logger)
    }
}

extension PaymentCoordinator {
    /// The coordinator `serve` builds from `configuration`.
    static func configured(_ configuration: ServerConfiguration, logger: Logger = .silent) throws(ServerConfigurationError) -> PaymentCoordinator {
        PaymentCoordinator(settings: try PaymentSettings(configuration: configuration, logger: logger), logger: logger)
    }
}
