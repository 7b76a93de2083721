import Foundation
import HTTPServer
import Payments

/// `GET /metrics` (secret key): the server's counters in Prometheus's text format.
struct MetricsRoutes {
    let app: AppContext

    /// `GET /metrics`: the text exposition, `text/plain; version=0.0.4`.
    func scrape(_ request: RouteRequest) throws(Refusal) -> Response {
        var response = Response(status: .ok, headers: [:], body: .text(exposition(now: Date())))
        response.headers.set(.contentType, MetricsExposition.contentType)
        return response
    }

    /// Every family, counted ones first, then what is read now from the store and the outbox (a
    /// source that cannot answer leaves its samples out rather than failing the scrape).
    func exposition(now: Date) -> String {
        let counted = app.metrics.snapshot
        var out = MetricsExposition()
        let requests = counted.requests.sorted { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }
        out.family(
            "cardform_http_requests_total", "counter", help: "Requests answered, by route pattern, method and status.",
            requests.map { ("", [("route", $0.key.route), ("method", $0.key.method), ("status", String($0.key.status))], Double($0.value)) })
        out.histogram(
            "cardform_keystroke_duration_seconds", help: "Time the server took to answer a keystroke (POST /s/:id/input, /shell/:id/input).",
            bounds: Metrics.keystrokeBuckets, buckets: counted.keystrokeBuckets, sum: counted.keystrokeSeconds)
        out.family(
            "cardform_payments_total", "counter", help: "Payment attempts ended, by outcome (unknown: the processor may have charged).",
            Metrics.PaymentKind.allCases.map { ("", [("outcome", $0.rawValue)], Double(counted.payments[$0] ?? 0)) })
        out.family(
            "cardform_store_errors_total", "counter", help: "Requests answered 503 because the session store failed or was full.",
            StoreError.Kind.allCases.map { ("", [("kind", $0.rawValue)], Double(counted.storeErrors[$0] ?? 0)) })
        out.family(
            "cardform_store_unreadable_records_total", "counter",
            help: "Session records in the store this instance could not read, by reason (format, key, truncated, corrupt).",
            UnreadableRecord.Reason.allCases.map { ("", [("reason", $0.rawValue)], Double(counted.unreadableRecords[$0] ?? 0)) })
        out.single("cardform_sweeps_total", "counter", help: "Passes of the idle-session sweeper.", Double(counted.sweeps))
        out.single(
            "cardform_sweep_duration_seconds", "gauge", help: "How long the sweeper's last pass over every session took.",
            counted.lastSweepSeconds)
        if let open = try? app.store.liveCount() {
            out.single("cardform_sessions_open", "gauge", help: "Sessions live in the store.", Double(open))
        }
        let outbox: OutboxStats? =
            if let webhooks = app.payments.coordinator.webhooks { try? webhooks.outboxStats() } else { OutboxStats(depth: 0, oldest: nil) }
        if let stats = outbox {
            out.single("cardform_webhook_outbox_depth", "gauge", help: "Webhook events not yet delivered.", Double(stats.depth))
            out.single(
                "cardform_webhook_outbox_oldest_age_seconds", "gauge", help: "Age of the oldest undelivered webhook event (0 when none).",
                stats.oldest.map { max(0, now.timeIntervalSince($0)) } ?? 0)
        }
        return out.text
    }
}
