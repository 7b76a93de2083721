import CardEngine
import Foundation

/// The session engine's hot path: one keystroke in the card number, and its neighbours.
enum EngineBench {
    static func benchmarks() -> [Benchmark] {
        let environment = SessionEnvironment(clock: .fixed(year: 2026, month: 6))
        let configuration = SessionConfiguration()
        // A session with 15 digits typed: each run types the 16th and is measured from the same state.
        var typed = CardSession(id: "bench", configuration: configuration, environment: environment)
        typed.update(.cardNumber, value: "4242 4242 4242 424", caret: 18, in: environment)
        var coBadged = CardSession(id: "bench", configuration: configuration, environment: environment)
        coBadged.update(.cardNumber, value: "4000 0025 0000 100", caret: 18, in: environment)
        var middle = CardSession(id: "bench", configuration: configuration, environment: environment)
        middle.update(.cardNumber, value: "4242 4242", caret: 9, in: environment)
        var expiring = typed
        expiring.update(.expiryDate, value: "12/3", caret: 4, in: environment)
        var filled = coBadged
        filled.update(.expiryDate, value: "12/30", caret: 5, event: .paste, in: environment)
        filled.update(.cardholderName, value: "Jane Doe", caret: 8, in: environment)
        filled.update(.cvv, value: "12", caret: 2, event: .blur, in: environment)
        print("session state: \(MemoryLayout<CardSession>.size) B inline, ~\(filled.estimatedByteCount) B with its heap")
        return [
            Benchmark(name: "card-number update (16th digit, Visa)") {
                var session = typed
                blackHole(session.update(.cardNumber, value: "4242 4242 4242 4242", caret: 19, in: environment))
            },
            Benchmark(name: "card-number update (co-badged, BIN table)") {
                var session = coBadged
                blackHole(session.update(.cardNumber, value: "4000 0025 0000 1001", caret: 19, in: environment))
            },
            Benchmark(name: "card-number update (9th digit, mid-number)") {
                var session = middle
                blackHole(session.update(.cardNumber, value: "4242 42142 42", caret: 7, in: environment))
            },
            // The last digit typed, as a shopper does, and the whole date arriving at once, as an
            // autofill or paste does (read as a date written any common way).
            Benchmark(name: "expiry update (last digit typed)") {
                var session = expiring
                blackHole(session.update(.expiryDate, value: "12/30", caret: 5, in: environment))
            },
            Benchmark(name: "expiry update (autofilled at once)") {
                var session = typed
                blackHole(session.update(.expiryDate, value: "12/2030", caret: 7, event: .paste, in: environment))
            },
            Benchmark(name: "prefix detection (6 digits)") {
                blackHole(CardNetwork.detect(digits: "650031"))
            },
            Benchmark(name: "state JSON (co-badged, no surcharge)", iterations: 200) {
                blackHole(coBadged.stateJSON(in: environment).serialized)
            },
        ]
    }
}
