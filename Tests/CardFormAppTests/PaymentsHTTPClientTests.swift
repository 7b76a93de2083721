import Foundation
import HTTPServer
import Testing
@testable import CardFormApp
@testable import Payments

@Suite struct PaymentsHTTPClientTests {
    @Test func aJSONPostReachesTheReceiverAndItsAnswerComesBack() async throws {
        let receiver = try ReceiverServer([.json(#"{"ok":true}"#, status: 201)])
        let outcome = await HTTPClient().postJSON(
            to: receiver.url("/in"), body: Array(#"{"a":1}"#.utf8), headers: [("X-Tag", "t1")], timeout: .seconds(2))
        #expect(try outcome.get() == HTTPClient.Response(status: 201, body: Array(#"{"ok":true}"#.utf8)))
        let request = try #require(receiver.requests.first)
        #expect(request.method == .post && request.path == "/in")
        #expect(request.body == Array(#"{"a":1}"#.utf8))
        #expect(request.headers["Content-Type"] == "application/json" && request.headers["X-Tag"] == "t1")
    }

    @Test func aServerErrorIsAnAnswerThatIsNotASuccess() async throws {
        let receiver = try ReceiverServer([.status(503)])
        let response = try await HTTPClient().postJSON(to: receiver.url(), body: [], timeout: .seconds(2)).get()
        #expect(response.status == 503 && !response.isSuccess)
    }

    @Test func noAnswerWithinTheDeadlineIsATimeout() async throws {
        // The receiver would answer 200 once released (at the end of the test): a timeout that did
        // not fire would show as that success.
        let receiver = try ReceiverServer([.hang])
        let outcome = await HTTPClient().postJSON(to: receiver.url(), body: [], timeout: .milliseconds(150))
        #expect(outcome.failureCode == .timeout)
    }

    @Test func anAnswerLargerThanTheCapIsRefused() async throws {
        let receiver = try ReceiverServer([.json(String(repeating: "x", count: 5_000))])
        let outcome = await HTTPClient(maxResponseBytes: 4_096).postJSON(to: receiver.url(), body: [], timeout: .seconds(2))
        #expect(outcome.failureCode == .responseTooLarge)
    }

    @Test func aPortNobodyListensOnIsATransportFailure() async throws {
        let receiver = try ReceiverServer([.status(200)])
        let url = receiver.url()
        receiver.stop()
        let outcome = await HTTPClient().postJSON(to: url, body: [], timeout: .seconds(2))
        #expect(outcome.failureCode == .transport)
    }

    @Test func aRedirectIsNotFollowed() async throws {
        let receiver = try ReceiverServer([.redirect(to: "/elsewhere"), .status(200)])
        let response = try await HTTPClient().postJSON(to: receiver.url("/first"), body: [], timeout: .seconds(2)).get()
        #expect(response.status == 307)
        #expect(receiver.requests.map(\.path) == ["/first"])
    }

    @Test func cancellingTheCallerEndsTheExchangeAtOnce() async throws {
        let receiver = try ReceiverServer([.hang])
        let client = HTTPClient()
        let call = Task { await client.postJSON(to: receiver.url(), body: [], timeout: .seconds(5)) }
        _ = await receiver.waitForRequests(1)
        call.cancel()
        #expect(await call.value.failureCode == .cancelled)
    }
}

extension Result<HTTPClient.Response, HTTPClientError> {
    /// The failure's code, nil on success.
    var failureCode: HTTPClientFailure? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
