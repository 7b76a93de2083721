import Foundation
import Testing
@testable import CardFormApp

/// `GET /metrics` after real traffic, read by a strict parser of Prometheus's text format 0.0.4.
@Suite struct ServerMetricsTests {
    static let auth = ["Authorization": "Bearer \(ServerHarness.secretKey)"]

    @Test func withoutTheSecretKeyItIs401() async throws {
        let harness = try ServerHarness()
        #expect(try await harness.get("/metrics").status == 401)
        #expect(try await harness.get("/metrics", headers: ["Authorization": "Bearer sk_wrong"]).status == 401)
    }

    @Test func aScrapeAfterTrafficCountsItInTheTextFormat() async throws {
        let form = try await ServerFragmentTests.OpenForm { $0.processorDelayMs = 0; $0.maxSessions = 2 }
        for (seq, value) in ["4", "42", "424", "4242"].enumerated() {
            #expect(try await form.type("cardNumber", value, seq: seq + 1).status == 200)
        }
        _ = try await form.harness.createSession()
        let third = try await form.harness.request("POST", "/api/sessions", headers: Self.auth, body: Data("{}".utf8))
        #expect(third.status == 503)  // the store is full
        _ = try await ServerPaymentTests.pay(form, number: "4242424242424242")
        _ = try await ServerPaymentTests.result(form)
        form.harness.server.app.sweepSessions()

        let reply = try await form.harness.get("/metrics", headers: Self.auth)
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(!reply.body.contains(form.id) && !reply.body.contains(form.token))
        let families = try PrometheusText.parse(reply.body)

        let requests = try #require(families["cardform_http_requests_total"])
        #expect(requests.type == "counter")
        #expect(requests.value(["route": "/s/:id/input", "method": "POST", "status": "200"]) == 4)
        #expect(requests.value(["route": "/api/sessions", "method": "POST", "status": "503"]) == 1)
        #expect(requests.value(["route": "/s/:id", "method": "GET", "status": "200"]) == 1)
        let keystrokes = try #require(families["cardform_keystroke_duration_seconds"])
        #expect(keystrokes.type == "histogram")
        #expect(keystrokes.value(["le": "+Inf"], suffix: "_bucket") == 4 && keystrokes.value([:], suffix: "_count") == 4)
        #expect((keystrokes.value([:], suffix: "_sum") ?? 0) > 0)
        #expect(families["cardform_sessions_open"]?.value([:]) == 2)
        #expect(families["cardform_payments_total"]?.value(["outcome": "succeeded"]) == 1)
        #expect(families["cardform_payments_total"]?.value(["outcome": "failed"]) == 0)
        #expect(families["cardform_store_errors_total"]?.value(["kind": "full"]) == 1)
        #expect(families["cardform_webhook_outbox_depth"]?.value([:]) == 0)
        #expect((families["cardform_sweeps_total"]?.value([:]) ?? 0) >= 1)
    }

    @Test func undeliveredWebhooksShowAsOutboxDepthAndAge() async throws {
        let receiver = try ReceiverServer([.hang])
        let form = try await ServerFragmentTests.OpenForm {
            $0.processorDelayMs = 0
            $0.webhookURL = receiver.url("/webhooks")
            $0.webhookSecret = ServerPaymentTests.webhookSecret
        }
        _ = try await ServerPaymentTests.pay(form, number: "4242424242424242")
        _ = try await ServerPaymentTests.result(form)
        _ = await receiver.waitForRequests(1)
        let families = try PrometheusText.parse(try await form.harness.get("/metrics", headers: Self.auth).body)
        #expect(families["cardform_webhook_outbox_depth"]?.value([:]) == 1)
        #expect((families["cardform_webhook_outbox_oldest_age_seconds"]?.value([:]) ?? -1) >= 0)
    }

    @Test("a method token of the client's own is counted as OTHER, so no client can add series without end")
    func unusualMethodsShareOneSeries() async throws {
        let harness = try ServerHarness()
        for method in ["BREW1", "BREW2", "PROPFIND"] {
            #expect(try await harness.request(method, "/nothing").status == 404)
        }
        #expect(try await harness.request("DELETE", "/nothing").status == 404)
        let families = try PrometheusText.parse(try await harness.get("/metrics", headers: Self.auth).body)
        let requests = try #require(families["cardform_http_requests_total"])
        #expect(requests.value(["route": "unmatched", "method": "OTHER", "status": "404"]) == 3)
        #expect(requests.value(["route": "unmatched", "method": "DELETE", "status": "404"]) == 1)
        #expect(requests.value(["route": "unmatched", "method": "BREW1", "status": "404"]) == nil)
    }

    @Test(arguments: ["plain", "with \"quotes\"", "back\\slash", "two\nlines", "ünïcødé"])
    func labelValuesAreEscapedSoTheyParseBack(value: String) throws {
        var out = MetricsExposition()
        out.family("x_total", "counter", help: "A help\nwith a \\.", [("", [("label", value)], 3)])
        let family = try #require(try PrometheusText.parse(out.text)["x_total"])
        #expect(family.help == "A help\nwith a \\.")
        #expect(family.value(["label": value]) == 3)
    }

    @Test(arguments: [
        "x_total 1\n",  // no TYPE before the sample
        "# TYPE x_total counter\nx_total{label=\"a\\q\"} 1\n",  // an escape the format does not have
        "# TYPE x_total counter\nx_total{label=\"a} 1\n",  // an unclosed value
        "# TYPE x histogram\nx_bucket{le=\"1\"} 2\nx_bucket{le=\"+Inf\"} 1\nx_sum 1\nx_count 1\n",  // not cumulative
        "# TYPE x histogram\nx_bucket{le=\"1\"} 1\nx_sum 1\nx_count 1\n",  // no +Inf
    ])
    func theParserRefusesMalformedText(text: String) {
        #expect(throws: PrometheusText.Problem.self) { try PrometheusText.parse(text) }
    }
}
