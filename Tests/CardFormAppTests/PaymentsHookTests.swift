import CardEngine
import Foundation
import HTTPServer
import Testing
@testable import CardFormApp
@testable import Payments

@Suite struct PaymentsHookTests {
    static let method = PaymentMethodSummary(network: .cartesBancaires, bin: "400000", last4: "1001", expiryMonth: 12, expiryYear: 2030)

    @Test func theHookReceivesTheSessionAndWhatMayBeShownOfTheCard() async throws {
        let receiver = try ReceiverServer([.json(#"{"decision": "continue"}"#)])
        let hook = BeforePaymentHook(url: receiver.url("/before"), timeout: .seconds(2), secret: "whsec_hook")
        #expect(await hook.decide(sessionId: "cs_1", paymentMethod: Self.method) == .proceed)
        let sent = try #require(receiver.requests.first)
        #expect(String(decoding: sent.body, as: UTF8.self)
            == #"{"sessionId":"cs_1","paymentMethod":{"network":"CARTES_BANCAIRES","bin":"400000","last4":"1001","expiryMonth":12,"expiryYear":2030}}"#)
        let header = try #require(sent.headers[WebhookSignature.headerName])
        try WebhookSignature(secret: "whsec_hook").verify(header: header, body: sent.body, now: Int(Date().timeIntervalSince1970))
    }

    @Test(arguments: [
        (ReceiverServer.Reply.json(#"{"decision": "continue"}"#), BeforePaymentDecision.proceed),
        (.json(#"{"decision": "abort", "message": "Orders over €500 need a call."}"#),
         .abort(message: "Orders over €500 need a call.", reason: .merchant)),
        (.json(#"{"decision": "abort", "message": "  Line one\nline two\u0007  "}"#),
         .abort(message: "Line one line two", reason: .merchant)),
        (.json(#"{"decision": "abort"}"#), .abort(message: nil, reason: .merchant)),
        (.json(#"{"decision": "abort", "message": 42}"#), .abort(message: nil, reason: .merchant)),
        (.json(#"{"decision": "maybe"}"#), .abort(message: nil, reason: .badResponse)),
        (.json("continue"), .abort(message: nil, reason: .badResponse)),
        (.json(#"{"decision": "continue"}"#, status: 500), .abort(message: nil, reason: .httpStatus)),
        (.status(204), .abort(message: nil, reason: .badResponse)),
        (.hang, .abort(message: nil, reason: .timeout)),
    ])
    func theMerchantsAnswerDecides(reply: ReceiverServer.Reply, expected: BeforePaymentDecision) async throws {
        let receiver = try ReceiverServer([reply])
        let hook = BeforePaymentHook(url: receiver.url(), timeout: reply.patience)
        #expect(await hook.decide(sessionId: "cs_1", paymentMethod: Self.method) == expected)
    }

    @Test func aLongMessageIsCutForTheForm() {
        let answer = Array(#"{"decision": "abort", "message": "\#(String(repeating: "é", count: 400))"}"#.utf8)
        #expect(BeforePaymentHook.decision(from: answer) == .abort(message: String(repeating: "é", count: 300), reason: .merchant))
    }

    @Test func anUnreachableHookIsAnAbort() async throws {
        let receiver = try ReceiverServer([.status(200)])
        receiver.stop()
        let hook = BeforePaymentHook(url: receiver.url(), timeout: .seconds(1))
        #expect(await hook.decide(sessionId: "cs_1", paymentMethod: Self.method) == .abort(message: nil, reason: .unreachable))
    }
}
