import Testing
@testable import CardFormApp
import CardFormSupport
@testable import Payments

@Suite struct PaymentsSignatureTests {
    /// RFC 4231's published HMAC-SHA256 vectors (cases 1, 2, 3 and 6: short, text, binary and
    /// longer-than-a-block keys).
    @Test(arguments: [
        (Array(repeating: UInt8(0x0B), count: 20), Array("Hi There".utf8),
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        (Array(repeating: UInt8(0xAA), count: 20), Array(repeating: UInt8(0xDD), count: 50),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        (Array(repeating: UInt8(0xAA), count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
    ])
    func hmacMatchesThePublishedVectors(key: [UInt8], message: [UInt8], expected: String) {
        let mac = HMACSHA256(key: key)
        #expect(mac.hexCode(message) == expected)
        #expect(mac.isValid(Hex.decode(expected)!, for: message))
    }

    @Test func aCodeSplitAcrossPartsEqualsTheCodeOfTheWhole() {
        let mac = HMACSHA256(secret: "Jefe")
        #expect(mac.hexCode(Array("what do ya ".utf8), Array("want for nothing?".utf8))
            == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func aCodeWithOneBitFlippedOrOfTheWrongLengthIsRefused() {
        let mac = HMACSHA256(secret: "Jefe")
        var code = mac.code(Array("message".utf8))
        #expect(mac.isValid(code, for: Array("message".utf8)))
        code[31] ^= 1
        #expect(!mac.isValid(code, for: Array("message".utf8)))
        #expect(!mac.isValid(Array(code.prefix(16)), for: Array("message".utf8)))
    }

    @Test func theHeaderSignsTimestampDotBodyWithTheSecret() {
        let signature = WebhookSignature(secret: "whsec_test")
        let header = signature.header(for: Array(#"{"id":"evt_1"}"#.utf8), timestamp: 1_700_000_000)
        #expect(header == "t=1700000000,v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925")
    }

    @Test func aFreshSignatureVerifies() throws {
        let signature = WebhookSignature(secret: "whsec_test")
        let body = Array(#"{"type":"payment.succeeded"}"#.utf8)
        let header = signature.header(for: body, timestamp: 1_700_000_000)
        try signature.verify(header: header, body: body, now: 1_700_000_299)
        try signature.verify(header: header, body: body, now: 1_699_999_701)
    }

    @Test(arguments: [
        ("t=1700000000,v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925", 1_700_000_301, WebhookSignatureFailure.timestampOutOfTolerance),
        ("t=1700000001,v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925", 1_700_000_000, .noMatchingSignature),
        ("t=1700000000,v1=0000000000000000000000000000000000000000000000000000000000000000", 1_700_000_000, .noMatchingSignature),
        ("v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925", 1_700_000_000, .malformedHeader),
        ("t=1700000000", 1_700_000_000, .malformedHeader),
        ("t=1700000000,v1=zz", 1_700_000_000, .malformedHeader),
        ("t=soon,v1=c89214b5b5da833daed6f0b8c5bb6bd58cea9022bd80ccc78230f3942d632925", 1_700_000_000, .malformedHeader),
        ("garbage", 1_700_000_000, .malformedHeader),
    ])
    func aStaleForgedOrMalformedHeaderIsRefusedWithItsReason(header: String, now: Int, code: WebhookSignatureFailure) {
        let signature = WebhookSignature(secret: "whsec_test")
        let error = #expect(throws: WebhookSignatureError.self) {
            try signature.verify(header: header, body: Array(#"{"id":"evt_1"}"#.utf8), now: now)
        }
        #expect(error?.code == code)
    }

    @Test func aRotatedSecretStillVerifiesWhenOneOfSeveralCodesMatches() throws {
        let body = Array("{}".utf8)
        let old = WebhookSignature(secret: "old").header(for: body, timestamp: 10)
        let new = WebhookSignature(secret: "new").header(for: body, timestamp: 10)
        let both = old + "," + new.dropFirst("t=10,".count)
        try WebhookSignature(secret: "new").verify(header: both, body: body, now: 10)
        try WebhookSignature(secret: "old").verify(header: both, body: body, now: 10)
    }

    @Test func aDifferentBodyOrSecretDoesNotVerify() {
        let header = WebhookSignature(secret: "whsec_test").header(for: Array("{}".utf8), timestamp: 10)
        #expect(throws: WebhookSignatureError(.noMatchingSignature, "no v1 signature matches the body")) {
            try WebhookSignature(secret: "whsec_test").verify(header: header, body: Array("{ }".utf8), now: 10)
        }
        #expect(throws: WebhookSignatureError(.noMatchingSignature, "no v1 signature matches the body")) {
            try WebhookSignature(secret: "other").verify(header: header, body: Array("{}".utf8), now: 10)
        }
    }
}
