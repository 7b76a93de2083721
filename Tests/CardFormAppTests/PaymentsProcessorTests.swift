import CardEngine
import Foundation
import HTTPServer
import Testing
@testable import CardFormApp
@testable import Payments

@Suite struct PaymentsProcessorTests {
    static func request(_ draft: PaymentRequestDraft, token: VaultToken, attempt: Int = 1) -> ProcessorRequest {
        ProcessorRequest(
            sessionId: draft.sessionId, attempt: attempt, token: token, paymentMethod: PaymentMethodSummary(draft),
            amount: draft.totalAmount, currency: draft.currency, metadata: draft.metadata)
    }

    // MARK: Sandbox

    @Test(arguments: [
        ("4000000000000002", "card_declined"), ("4000000000009995", "insufficient_funds"),
        ("4000000000000069", "expired_card"), ("4000000000000119", "processing_error"),
        ("4242424242424242", nil), ("5555555555554444", nil), ("378282246310005", nil),
    ] as [(String, String?)])
    func theSandboxDecidesByTestCard(number: String, declineCode: String?) async throws {
        let vault = CardVault()
        let draft = try PaymentsFixtures.draft(number)
        let token = try #require(vault.store(draft))
        let result = await SandboxProcessor(delay: .zero).process(Self.request(draft, token: token), vault: vault)
        #expect(result.status == (declineCode == nil ? .succeeded : .failed))
        #expect(result.declineCode == declineCode)
        #expect(result.id?.hasPrefix("pay_") == true && result.id?.count == 30)
    }

    @Test func theSandboxCannotChargeACardAlreadyDiscarded() async throws {
        let vault = CardVault()
        let draft = try PaymentsFixtures.draft()
        let token = try #require(vault.store(draft))
        vault.discard(token)
        let result = await SandboxProcessor(delay: .zero).process(Self.request(draft, token: token), vault: vault)
        #expect(result == .failed(declineCode: "processing_error"))
    }

    // MARK: HTTP processor

    @Test func theHTTPProcessorSendsASignedRequestWithoutTheCardOverCleartext() async throws {
        let receiver = try ReceiverServer([.json(#"{"status": "succeeded", "id": "pay_remote_1"}"#)])
        let vault = CardVault()
        let draft = try PaymentsFixtures.draft(
            "4000002500001001", session: "cs_http",
            options: #"{"amount": 1000, "currency": "EUR", "surcharges": {"VISA": 109}, "metadata": {"order": "A-7"}}"#,
            network: .visa)
        let token = try #require(vault.store(draft))
        let processor = HTTPProcessor(url: receiver.url("/pay"), secret: "psk_test", timeout: .seconds(2))
        let result = await processor.process(Self.request(draft, token: token, attempt: 2), vault: vault)
        #expect(result == .succeeded(id: "pay_remote_1"))

        let sent = try #require(receiver.requests.first)
        let text = String(decoding: sent.body, as: UTF8.self)
        #expect(text == #"{"sessionId":"cs_http","attempt":2,"idempotencyKey":"cs_http:2","token":"\#(token)","amount":1109,"currency":"EUR","#
            + #""paymentMethod":{"preferredNetwork":"VISA","bin":"400000","last4":"1001","expiryMonth":12,"expiryYear":2030},"#
            + #""metadata":{"order":"A-7"}}"#)
        #expect(!text.contains("4000002500001001") && !text.contains("\"123\""))
        #expect(sent.headers["Idempotency-Key"] == "cs_http:2")
        let header = try #require(sent.headers[WebhookSignature.headerName])
        try WebhookSignature(secret: "psk_test").verify(header: header, body: sent.body, now: Int(Date().timeIntervalSince1970))
    }

    @Test func withoutTheShoppersPickNoNetworkIsAskedFor() throws {
        let vault = CardVault()
        let draft = try PaymentsFixtures.draft("4000002500001001", session: "cs_nopick")
        let token = try #require(vault.store(draft))
        let body = String(decoding: HTTPProcessor.requestBody(Self.request(draft, token: token), card: nil), as: UTF8.self)
        #expect(body.contains(#""paymentMethod":{"bin":"400000","last4":"1001","expiryMonth":12,"expiryYear":2030}"#))
    }

    @Test func overTLSTheRequestAlsoCarriesTheCardForTheProcessor() throws {
        let vault = CardVault()
        let draft = try PaymentsFixtures.draft(session: "cs_tls")
        let token = try #require(vault.store(draft))
        let body = try #require(vault.withCard(token) { HTTPProcessor.requestBody(Self.request(draft, token: token), card: $0) })
        let card = try PaymentsFixtures.json(body).objectValue?["card"]
        #expect(card == ["number": "4242424242424242", "cvv": "123", "expiryMonth": 12, "expiryYear": 2030])
    }

    @Test(arguments: [
        (ReceiverServer.Reply.json(#"{"status": "declined", "declineCode": "insufficient_funds", "id": "pay_9"}"#),
         PaymentResult.failed(id: "pay_9", declineCode: "insufficient_funds")),
        (.json(#"{"status": "failed", "declineCode": "Expired_Card", "message": "Card expired (05)"}"#),
         .failed(declineCode: "expired_card")),
        (.json(#"{"status": "failed"}"#), .failed(declineCode: "card_declined")),
        (.json(#"{"status": "declined", "declineCode": "not a code!"}"#), .failed(declineCode: "card_declined")),
        (.status(500), .failed(declineCode: "processor_error")),
        (.json(#"{"status": "succeeded", "id": "pay_1"}"#, status: 404), .failed(declineCode: "processor_error")),
        (.json("<html>oops</html>"), .failed(declineCode: "processor_bad_response")),
        (.json(#"{"status": "succeeded"}"#), .failed(declineCode: "processor_bad_response")),
        (.json(#"{"status": "pending", "id": "pay_1"}"#), .failed(declineCode: "processor_bad_response")),
        (.json(#"["succeeded"]"#), .failed(declineCode: "processor_bad_response")),
        (.json(String(repeating: " ", count: 70_000) + "{}"), .failed(declineCode: "processor_bad_response")),
        (.hang, .failed(declineCode: "processor_timeout")),
    ])
    func theHTTPProcessorMapsEveryAnswerToAResult(reply: ReceiverServer.Reply, expected: PaymentResult) async throws {
        let receiver = try ReceiverServer([reply])
        let vault = CardVault()
        let draft = try PaymentsFixtures.draft()
        let token = try #require(vault.store(draft))
        let processor = HTTPProcessor(url: receiver.url(), secret: nil, timeout: reply.patience)
        #expect(await processor.process(Self.request(draft, token: token), vault: vault) == expected)
    }

    @Test func anUnreachableProcessorIsAProcessorError() async throws {
        let receiver = try ReceiverServer([.status(200)])
        receiver.stop()
        let vault = CardVault()
        let draft = try PaymentsFixtures.draft()
        let token = try #require(vault.store(draft))
        let processor = HTTPProcessor(url: receiver.url(), secret: nil, timeout: .seconds(1))
        #expect(await processor.process(Self.request(draft, token: token), vault: vault) == .failed(declineCode: "processor_error"))
    }
}

@Suite struct PaymentsProcessorConnectionTests {
    @Test func aConnectionClosedAfterTheRequestIsAConnectionLostNotAnAnswer() async throws {
        let server = try ScriptedSocketServer([.close])
        let vault = CardVault()
        let draft = try PaymentsFixtures.draft()
        let token = try #require(vault.store(draft))
        let processor = HTTPProcessor(url: server.url, secret: nil, timeout: .seconds(5))
        let request = ProcessorRequest(
            sessionId: draft.sessionId, attempt: 1, token: token, paymentMethod: PaymentMethodSummary(draft),
            amount: draft.totalAmount, currency: draft.currency, metadata: nil)
        #expect(await processor.process(request, vault: vault) == .failed(declineCode: "processor_connection_lost"))
    }
}
