import Foundation
import Testing
@testable import CardFormApp

@Suite struct ServerFragmentTests {
    /// A session with its page open, ready to send events as the page script does.
    struct OpenForm {
        let harness: ServerHarness
        let id: String
        let token: String
        let page: String

        init(_ json: String = "{}", _ configure: (inout ServerConfiguration) -> Void = { _ in }) async throws {
            harness = try ServerHarness(configure)
            id = try await harness.createSession(json)
            (token, page, _) = try await harness.openPage(id)
        }

        func send(_ form: [(String, String)], to route: String = "input", headers: [String: String]? = nil) async throws -> ServerHarness.Reply {
            try await harness.post("/s/\(id)/\(route)", form: form + [("page", page)], headers: headers ?? ["X-CardForm-Token": token])
        }

        func type(_ field: String, _ value: String, seq: Int, rev: Int? = nil) async throws -> ServerHarness.Reply {
            var form = [("field", field), ("value", value), ("caret", String(value.utf16.count)), ("seq", String(seq))]
            if let rev { form.append(("rev", String(rev))) }
            return try await send(form)
        }
    }

    static func blocks(_ body: String) -> [String] {
        body.matches(of: /<template data-cf-block="([^"]+)"/).map { String($0.1) }
    }

    @Test func aKeystrokeAnswersOnlyTheChangedBlocksWithTheFormattedValueAndCaret() async throws {
        let form = try await OpenForm()
        let reply = try await form.type("cardNumber", "42424", seq: 1, rev: 0)
        #expect(reply.status == 200)
        #expect(reply.header("Cache-Control") == "no-store")
        #expect(reply.body.hasPrefix("<template "))
        #expect(Self.blocks(reply.body).contains("cardNumber"))
        // The block's own field, the caret at the end of the value: neither needs saying.
        #expect(reply.body.contains(#"<template data-cf-block="cardNumber" data-cf-rev="1" data-cf-value="4242 4" data-cf-seq="1">"#))
        // Nothing outside templates.
        #expect(reply.body.replacing(/<template[\s\S]*?<\/template>\n/, with: "").isEmpty)
    }

    @Test func aCoBadgedCardBringsTheSelectorInsideItsSectionAndAPickMovesTheSurcharge() async throws {
        let form = try await OpenForm(#"{"amount": 1000, "currency": "EUR", "orderedAllowedCardNetworks": ["CARTES_BANCAIRES", "VISA"], "surcharges": {"VISA": 109}}"#)
        let typed = try await form.type("cardNumber", "4000002500001001", seq: 1, rev: 0)
        #expect(Self.blocks(typed.body).contains("cardDetails"))
        #expect(typed.body.contains(#"<option value="CARTES_BANCAIRES" selected>Cartes Bancaires</option>"#))
        #expect(typed.body.firstRange(of: "CARTES_BANCAIRES")!.lowerBound < typed.body.firstRange(of: #"value="VISA""#)!.lowerBound)
        let picked = try await form.send([("network", "VISA"), ("rev", "1")], to: "network")
        #expect(picked.status == 200)
        #expect(picked.body.contains("Pay €11.09"))
        let unknown = try await form.send([("network", "BITCOIN")], to: "network")
        #expect(unknown.status == 400)
    }

    @Test func theCVVsDigitsNeverComeBack() async throws {
        let form = try await OpenForm()
        let reply = try await form.type("cvv", "7319", seq: 1, rev: 0)
        #expect(reply.status == 200)
        #expect(!reply.body.contains("731"))
        #expect(!reply.body.contains("data-cf-value"))
    }

    @Test func aPageThatLostTrackIsResentTheWholeForm() async throws {
        let form = try await OpenForm()
        let reply = try await form.type("cardholderName", "ada", seq: 1, rev: 41)
        #expect(Self.blocks(reply.body) == ["form"])
        #expect(reply.body.contains(#"data-cf-field="cardholderName" data-cf-value="Ada""#))
    }

    @Test func aRefusedSubmitShowsEveryErrorAndAnnouncesHowManyNeedAttention() async throws {
        let form = try await OpenForm()
        let reply = try await form.send([("cardNumber", "4242 4242 4242 4241"), ("rev", "0")], to: "submit")
        #expect(reply.status == 200)
        #expect(reply.body.contains(#"<p class="cf-errors__announcement" data-cf-announcement>4 fields need attention</p>"#))
        for field in ["cardNumber", "expiryDate", "cvv", "cardholderName"] {
            #expect(reply.body.contains(#"<p class="cf-error" id="\#(field)-error">"#) && !reply.body.contains(#"id="\#(field)-error"></p>"#))
        }
    }

    @Test func cancelEndsTheSession() async throws {
        let form = try await OpenForm()
        let reply = try await form.send([("rev", "0")], to: "cancel")
        #expect(reply.body.contains(#"data-cf-phase="cancelled""#))
        let typed = try await form.type("cardNumber", "4", seq: 2)
        #expect(!typed.body.contains("data-cf-value"))
    }

    @Test(arguments: [
        (["X-CardForm-Token": "wrong"], 403),
        ([:], 403),
    ])
    func aBrowserPostNeedsTheFormToken(headers: [String: String], status: Int) async throws {
        let form = try await OpenForm()
        let reply = try await form.send([("field", "cvv"), ("value", "1")], headers: headers)
        #expect(reply.status == status)
    }

    @Test func theTokenMayComeAsAFormField() async throws {
        let form = try await OpenForm()
        let reply = try await form.send([("field", "cvv"), ("value", "1"), ("_token", form.token)], headers: [:])
        #expect(reply.status == 200)
    }

    @Test func aPostFromAnotherOriginIsRefused() async throws {
        let form = try await OpenForm()
        let foreign = try await form.send([("field", "cvv"), ("value", "1")], headers: ["X-CardForm-Token": form.token, "Origin": "https://evil.example"])
        #expect(foreign.status == 403)
        let own = try await form.send([("field", "cvv"), ("value", "1")], headers: ["X-CardForm-Token": form.token, "Origin": form.harness.base])
        #expect(own.status == 200)
    }

    @Test func malformedRequestsAre400sAndNeverReachTheSession() async throws {
        let form = try await OpenForm()
        let badEncoding = try await form.harness.request(
            "POST", "/s/\(form.id)/input",
            headers: ["X-CardForm-Token": form.token, "Content-Type": "application/x-www-form-urlencoded"],
            body: Data("field=cvv&value=%zz&page=\(form.page)".utf8))
        #expect(badEncoding.status == 400)
        let unknownField = try await form.send([("field", "password"), ("value", "x")])
        #expect(unknownField.status == 400)
        let badCaret = try await form.send([("field", "cvv"), ("value", "1"), ("caret", "one")])
        #expect(badCaret.status == 400)
        let badPage = try await form.harness.post("/s/\(form.id)/input", form: [("field", "cvv"), ("value", "1"), ("page", "../../x")], headers: ["X-CardForm-Token": form.token])
        #expect(badPage.status == 400)
        let json = try await form.harness.request("POST", "/s/\(form.id)/input", headers: ["X-CardForm-Token": form.token, "Content-Type": "application/json"], body: Data("{}".utf8))
        #expect(json.status == 415)
    }

    @Test func aBodyOver16KBIsRefusedWith413() async throws {
        let form = try await OpenForm()
        let reply = try await form.send([("field", "cardholderName"), ("value", String(repeating: "a", count: 17_000))])
        #expect(reply.status == 413)
    }
}
