import Foundation
import Testing
@testable import CardFormApp

@Suite struct ServerDevTests {
    /// A designer's folder holding one overridden block.
    static func overlay(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "cardform-dev-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static let guide = """
        {{#fields.cardholderName}}
        <div class="cf-field" data-cf-block="cardholderName">
        <label for="{{id}}">{{label}}</label>
        <input id="{{id}}" name="{{name}}" value="{{value}}" autocomplete="{{autocomplete}}" aria-invalid="{{ariaInvalid}}" aria-describedby="{{describedBy}}">
        <p id="{{errorId}}">{{error}}</p><p class="designer-mark">VERSION</p>
        </div>
        {{/fields.cardholderName}}

        """

    @Test func aSavedTemplateWakesWaitingPagesQuicklyAndTheNextRenderUsesIt() async throws {
        let folder = try Self.overlay(["blocks/cardholder-name.mustache": Self.guide.replacing("VERSION", with: "one")])
        let harness = try ServerHarness(sources: .init(templatesOverlay: folder)) { $0.dev = true; $0.templates = folder.path }
        let id = try await harness.createSession()
        #expect(try await harness.get("/s/\(id)").body.contains("designer-mark\">one<"))
        let version = try await harness.get("/dev/events")
        #expect(version.status == 200 && version.body == "0")
        let (session, base) = (harness.session, harness.base)
        let waiting = Task { try await ServerHarness.request(session, base: base, "GET", "/dev/events?after=0") }
        try await Task.sleep(for: .milliseconds(200))
        try Self.guide.replacing("VERSION", with: "two").write(
            to: folder.appending(path: "blocks/cardholder-name.mustache"), atomically: true, encoding: .utf8)
        // Woken by the save (the new version), not by the wait's own end (204 after 25 s). How soon
        // is a speed figure, not a test's (a busy machine delays this test's own steps by seconds).
        let woken = try await waiting.value
        #expect(woken.status == 200 && woken.body == "1")
        #expect(try await harness.get("/s/\(id)").body.contains("designer-mark\">two<"))
    }

    @Test func aBrokenTemplateShowsTheErrorOverlayAndFixingItRecovers() async throws {
        let folder = try Self.overlay(["blocks/cardholder-name.mustache": Self.guide.replacing("VERSION", with: "ok")])
        let harness = try ServerHarness(sources: .init(templatesOverlay: folder)) { $0.dev = true; $0.templates = folder.path }
        let id = try await harness.createSession()
        let (token, page, _) = try await harness.openPage(id)
        let file = folder.appending(path: "blocks/cardholder-name.mustache")
        try Self.guide.replacing("VERSION", with: "{{#broken}}").write(to: file, atomically: true, encoding: .utf8)
        harness.server.reloader?.check()
        let broken = try await harness.get("/s/\(id)")
        #expect(broken.status == 500)
        #expect(broken.body.contains("\(file.path):7:1: error: closing tag {{/fields.cardholderName}} does not match section &#39;broken&#39;"))
        #expect(broken.body.contains("error: "))
        #expect(broken.body.contains("dev-reload"))
        // A keystroke meets the overlay too (page events take it only under `--dev`).
        let form = [("field", "cardNumber"), ("value", "4"), ("caret", "1"), ("seq", "1"), ("rev", "0"), ("page", page)]
        let keystroke = try await harness.post("/s/\(id)/input", form: form, headers: ["X-CardForm-Token": token])
        #expect(keystroke.status == 500)
        #expect(keystroke.body.contains("dev-reload"))
        // The server itself stays up.
        #expect(try await harness.get("/healthz").status == 200)
        try Self.guide.replacing("VERSION", with: "fixed").write(to: file, atomically: true, encoding: .utf8)
        harness.server.reloader?.check()
        let fixed = try await harness.get("/s/\(id)")
        #expect(fixed.status == 200 && fixed.body.contains("designer-mark\">fixed<"))
    }

    /// The memos belong to the resources a save replaces: a keystroke after the save that meets
    /// facts a render of the old template was kept for gets the new template's block.
    @Test func aKeystrokeAfterASaveShowsTheSavedTemplateNotAKeptRender() async throws {
        let shipped = try String(contentsOf: URL(filePath: #filePath).deletingLastPathComponent()
            .appending(path: "../../Templates/blocks/form-state.mustache"), encoding: .utf8)
        func marked(_ version: String) -> String {
            shipped.replacing(#"data-cf-block="formState""#, with: #"data-cf-block="formState" data-version="\#(version)""#)
        }
        let folder = try Self.overlay(["blocks/form-state.mustache": marked("one")])
        let harness = try ServerHarness(sources: .init(templatesOverlay: folder)) { $0.dev = true; $0.templates = folder.path }
        let id = try await harness.createSession()
        let (token, page, _) = try await harness.openPage(id)
        func type(_ value: String, seq: Int) async throws -> String {
            let form = [
                ("field", "cardNumber"), ("value", value), ("caret", String(value.count)), ("seq", String(seq)), ("rev", String(seq - 1)),
                ("page", page),
            ]
            return try await harness.post("/s/\(id)/input", form: form, headers: ["X-CardForm-Token": token]).body
        }
        // The card number passing, then not: formState alone is answered (the leaf path), rendered
        // for each and kept by its facts. `rev` is the page's: without it the whole form is resent.
        #expect(try await type("4242424242424242", seq: 1).contains(#"data-version="one""#))
        #expect(try await type("424242424242424", seq: 2).contains(#"data-version="one""#))
        try marked("two").write(to: folder.appending(path: "blocks/form-state.mustache"), atomically: true, encoding: .utf8)
        harness.server.reloader?.check()
        // The facts of the first keystroke again.
        #expect(try await type("4242424242424242", seq: 3).contains(#"data-version="two""#))
    }

    @Test func devPagesCarryTheReloadScriptAndProductionPagesDoNot() async throws {
        let dev = try ServerHarness { $0.dev = true }
        let devID = try await dev.createSession()
        #expect(try await dev.get("/s/\(devID)").body.contains("/assets/dev-reload."))
        let production = try ServerHarness()
        let id = try await production.createSession()
        #expect(!(try await production.get("/s/\(id)").body.contains("dev-reload")))
        #expect(try await production.get("/dev/events").status == 404)
    }
}
