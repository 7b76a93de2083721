import Dispatch
import HTTPServer
import Testing
@testable import CardFormApp

/// `Metrics.RequestKey` hashes only the status and the route's length: keys sharing both must
/// still be counted apart.
@Suite struct MetricsRequestKeyTests {
    private func entry(_ method: HTTPMethod, _ route: RouteName?, _ status: HTTPStatus) -> RequestLogEntry {
        RequestLogEntry(method: method, route: route, status: status, duration: .microseconds(50), outcome: .completed)
    }

    @Test func keysSharingStatusAndRouteLengthAreCountedApart() {
        let metrics = Metrics()
        // "/s/:id/input" and "/s/:id/event" have the same length; GET and PUT too.
        let entries = [
            entry(.post, "/s/:id/input", .ok), entry(.post, "/s/:id/input", .ok), entry(.post, "/s/:id/event", .ok),
            entry(.get, "/s/:id/input", .ok), entry(.put, "/s/:id/input", .ok), entry(.post, "/s/:id/input", .forbidden),
            entry(.get, nil, .notFound),
        ]
        for entry in entries { metrics.record(entry) }
        let counts = metrics.snapshot.requests
        func count(_ method: HTTPMethod, _ route: RouteName, _ status: Int) -> Int? {
            counts[Metrics.RequestKey(routeName: route, httpMethod: method, status: status)]
        }
        #expect(count(.post, "/s/:id/input", 200) == 2)
        #expect(count(.post, "/s/:id/event", 200) == 1)
        #expect(count(.get, "/s/:id/input", 200) == 1)
        #expect(count(.put, "/s/:id/input", 200) == 1)
        #expect(count(.post, "/s/:id/input", 403) == 1)
        #expect(count(.get, "unmatched", 404) == 1)
        #expect(counts.count == 6)
    }

    @Test func countsFromManyThreadsAddUpExactly() {
        let metrics = Metrics()
        let kinds = [entry(.post, "/s/:id/input", .ok), entry(.get, "/s/:id", .ok), entry(.post, "/s/:id/input", .forbidden)]
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<3_000 { metrics.record(kinds[(index + thread) % kinds.count]) }
        }
        let counts = metrics.snapshot.requests
        #expect(counts.count == 3)
        #expect(counts.values.allSatisfy { $0 == 4_000 })
        #expect(counts[Metrics.RequestKey(routeName: RouteName("/s/:id/input"), httpMethod: .post, status: 200)] == 4_000)
    }

    @Test func keystrokesTimedOnTwoThreadsAddUpInOneHistogram() {
        let metrics = Metrics()
        // 0.3 ms lands in the first bucket (≤ 0.5 ms), 3 ms in the fourth (≤ 5 ms).
        let durations: [Duration] = [.microseconds(300), .milliseconds(3)]
        let threads = onSeparateThreads(2) { thread in
            let keystroke = RequestLogEntry(
                method: .post, route: "/s/:id/input", status: .ok, duration: durations[thread], outcome: .completed)
            for _ in 0..<500 { metrics.record(keystroke) }
        }
        #expect(threads[0] != threads[1], "two threads, each counting in its own tally")
        let snapshot = metrics.snapshot
        #expect(snapshot.keystrokeBuckets == [500, 500, 500, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000, 1_000])
        #expect(abs(snapshot.keystrokeSeconds - 500 * 0.0033) < 1e-9)
        #expect(snapshot.requests[Metrics.RequestKey(routeName: "/s/:id/input", httpMethod: .post, status: 200)] == 1_000)
    }
}
