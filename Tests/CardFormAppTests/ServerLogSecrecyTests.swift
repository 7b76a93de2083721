import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CardFormApp

/// The card data rule for logs: the real binary, a card typed key by key, refused requests that
/// carry the card in every place a request can (query, body, header, an unknown route), a payment
/// with its hook and webhook; then everything the process wrote holds no card number, expiry or CVV.
@Suite struct ServerLogSecrecyTests {
    static let number = "378282246310005"
    static let expiry = "11/29"
    static let cvv = "7391"

    @Test func nothingTheServerWritesHoldsTheCard() async throws {
        let folder = try TemporaryFolder()
        let receiver = try ReceiverServer([.status(200)])
        defer { receiver.stop() }
        let hook = try ReceiverServer([.json(#"{"decision": "continue"}"#)])
        defer { hook.stop() }
        let server = try await CardformProcess.start(
            environment: [
                "CARDFORM_WEBHOOK_URL": receiver.url("/webhooks").absoluteString, "CARDFORM_WEBHOOK_SECRET": "whsec_logs_0123456789",
                "CARDFORM_BEFORE_PAYMENT_CREATE_URL": hook.url("/hook").absoluteString, "CARDFORM_PROCESSOR_DELAY_MS": "0",
            ],
            logPath: folder.path("server.log"))
        let auth = ["Authorization": "Bearer \(ServerHarness.secretKey)"]
        let created = try await server.request("POST", "/api/sessions", headers: auth, body: Data(#"{"amount": 1000, "currency": "EUR"}"#.utf8))
        let id = try #require(created.body.firstMatch(of: /"id":"([^"]+)"/)?.1).description
        let page = try await server.request("GET", "/s/\(id)")
        let token = try #require(ServerHarness.hidden("_token", in: page.body))
        let pageId = try #require(ServerHarness.hidden("_page", in: page.body))
        let headers = ["X-CardForm-Token": token, "Content-Type": "application/x-www-form-urlencoded"]
        func post(_ route: String, _ form: [(String, String)], headers: [String: String] = headers) async throws -> ServerHarness.Reply {
            try await server.request("POST", "/s/\(id)\(route)", headers: headers, body: Data(ServerHarness.encode(form + [("page", pageId)]).utf8))
        }
        var seq = 0
        for (field, value) in [("cardNumber", Self.number), ("expiryDate", "1129"), ("cvv", Self.cvv), ("cardholderName", "Ada Lovelace")] {
            for end in value.indices {
                seq += 1
                let typed = String(value[...end])
                _ = try await post("/input", [("field", field), ("value", typed), ("caret", String(typed.count)), ("seq", String(seq))])
            }
            seq += 1
            _ = try await post("/input", [("field", field), ("value", value), ("event", "blur"), ("seq", String(seq))])
        }
        // Refused on the way in: wrong token, malformed body, unknown route, card in the query and a header.
        let card = [("cardNumber", Self.number), ("expiryDate", Self.expiry), ("cvv", Self.cvv)]
        #expect(try await post("/input", card, headers: ["Content-Type": "application/x-www-form-urlencoded"]).status == 403)
        #expect(try await server.request("POST", "/s/\(id)/input", headers: headers, body: Data("cardNumber=\(Self.number)&cvv=%zz".utf8)).status == 400)
        #expect(try await server.request("GET", "/s/\(id)/card/\(Self.number)?cvv=\(Self.cvv)").status == 404)
        #expect(try await server.request("GET", "/s/\(id)/events?page=\(pageId)&cardNumber=\(Self.number)&cvv=\(Self.cvv)", headers: ["X-CardForm-Token": Self.number]).status == 403)
        // Paid, as the page script does.
        let paid = try await post("/submit", card + [("cardholderName", "Ada Lovelace")])
        #expect(paid.status == 200)
        var phase = ""
        for _ in 0..<20 where !phase.contains("succeeded") {
            phase = try await server.request("GET", "/api/sessions/\(id)", headers: auth).body
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(phase.contains(#""phase":"succeeded""#))
        #expect(await receiver.waitForRequests(1).count == 1)
        #expect(hook.requests.count == 1)
        try await server.stop()

        let log = server.process.log
        #expect(log.contains(#""event":"payment.finished""#) && log.contains(#""event":"request""#), "the log is not what this test reads")
        // Numbers of our own (timestamps, durations, counters, the port) could hold the CVV's four
        // digits by chance: they are left out before looking.
        let port = try #require(server.base.split(separator: ":").last).description
        let words = log.replacing(/"(ts|durationUs|id|attempt|count|session)":("[^"]*"|[0-9]+)/, with: "").replacing(port, with: "PORT")
        for secret in [Self.number, "3782 822463 10005", "378282", "310005", Self.expiry, "1129", "11%2F29", Self.cvv] {
            #expect(!words.contains(secret), "the server wrote \(secret)")
        }
    }
}
