@testable import HTTPServer
import Testing

@Suite("Deferred responses, in memory")
struct DeferredRulesTests {
    /// Events in the life of one deferred response, as `DeferredState` sees them.
    enum Event: String, CustomStringConvertible {
        case begin, finish, settle
        var description: String { rawValue }
    }

    @Test("whoever must resume the connection is told so exactly once", arguments: [
        // settled inside start: answered at once, never suspended
        ([Event.settle, .begin], "recorded no-suspend"),
        // settled while the worker suspends: the worker resumes right after suspending
        ([.begin, .settle, .finish], "recorded resume-at-once"),
        // settled once suspended and registered: the caller resumes
        ([.begin, .finish, .settle], "waits resume"),
        // a second ending is dropped
        ([.begin, .finish, .settle, .settle], "waits resume ignored"),
        ([.settle, .settle, .begin], "recorded ignored no-suspend"),
        // nobody settled yet: the connection waits
        ([.begin, .finish], "waits"),
    ])
    func settlement(events: [Event], expected: String) {
        var state = DeferredState()
        var said: [String] = []
        for event in events {
            switch event {
            case .begin:
                if !state.beginSuspending() { said.append("no-suspend") }
            case .finish:
                said.append(state.finishSuspending() ? "waits" : "resume-at-once")
            case .settle:
                switch state.settle(.timedOut) {
                case .ignored: said.append("ignored")
                case .recorded: said.append("recorded")
                case .resume: said.append("resume")
                }
            }
        }
        #expect(said.joined(separator: " ") == expected)
    }

    @Test("deadlines come out earliest first and only once due")
    func deadlineOrder() {
        let origin = ContinuousClock.now
        var queue = DeadlineQueue()
        let offsets = [50, 10, 40, 10, 30, 20, 60, 0]
        var earliestFlags: [Bool] = []
        for (id, offset) in offsets.enumerated() {
            earliestFlags.append(queue.insert(UInt64(id), at: origin + .milliseconds(offset)))
        }
        #expect(earliestFlags == [true, true, false, false, false, false, false, true])
        var due: [UInt64] = []
        while let id = queue.popDue(at: origin + .milliseconds(35)) { due.append(id) }
        #expect(due.count == 5 && Set(due) == [1, 3, 4, 5, 7] && due.first == 7 && due.last == 4)
        #expect(queue.earliest == origin + .milliseconds(40))
        queue.compact { $0 != 2 }
        #expect(queue.popDue(at: origin + .seconds(1)) == 0)
        #expect(queue.popDue(at: origin + .seconds(1)) == 6)
        #expect(queue.popDue(at: origin + .seconds(1)) == nil)
    }

    @Test("the watcher sleeps until the earliest deadline, rounded up to a millisecond", arguments: [
        (Duration.milliseconds(250), Int32(250)),
        (.microseconds(1), 1),
        (.microseconds(1500), 2),
        (.zero, 0),
        (.milliseconds(-5), 0),
        (.seconds(100_000_000), Int32.max),
    ])
    func sleep(remaining: Duration, milliseconds: Int32) {
        let now = ContinuousClock.now
        var queue = DeadlineQueue()
        #expect(queue.millisecondsUntilEarliest(from: now) == -1)
        queue.insert(1, at: now + remaining)
        #expect(queue.millisecondsUntilEarliest(from: now) == milliseconds)
    }

    @Test("a deferred response has no bytes yet and equals only itself")
    func deferredBody() {
        let first = Response.deferred(timeout: .seconds(1), fallback: Response(status: .noContent)) { _ in }
        let second = Response.deferred(timeout: .seconds(1), fallback: Response(status: .noContent)) { _ in }
        #expect(first.body.isDeferred && first.body.bytes.isEmpty && first.body.count == 0)
        #expect(first == first && first != second)
        #expect(!Response.text("").body.isDeferred && first.body != Response.Body.empty)
    }

    @Test("the answer sent keeps its own headers and route and takes the deferred response's others")
    func wrapping() {
        var envelope = Response.deferred(timeout: .seconds(1), fallback: Response(status: .noContent)) { _ in }
        envelope.headers = ["Cache-Control": "no-store", "Set-Cookie": "a=1", "Set-Cookie": "b=2", "Vary": "Origin"]
        envelope.route = "/s/:id/result"
        var answer = Response.text("paid")
        answer.headers.add("cache-control", "private")
        let sent = envelope.wrapping(answer)
        #expect(sent.headers.map { "\($0.name): \($0.value)" } == [
            "Content-Type: text/plain; charset=utf-8", "cache-control: private", "Set-Cookie: a=1", "Set-Cookie: b=2", "Vary: Origin",
        ])
        #expect(sent.route == "/s/:id/result" && sent.body == answer.body)
        answer.route = "/other"
        #expect(envelope.wrapping(answer).route == "/other")
    }

    @Test("timeouts are clamped between zero and the maximum deferral", arguments: [
        (Duration.seconds(-1), Duration.zero),
        (.seconds(25), .seconds(25)),
        (.seconds(100_000), Response.maximumDeferral),
    ])
    func clampedTimeout(requested: Duration, used: Duration) {
        let response = Response.deferred(timeout: requested, fallback: Response(status: .noContent)) { _ in }
        #expect(response.body.deferred?.timeout == used)
    }
}
