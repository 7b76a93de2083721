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
        let file = folder.appending(path: "blocks/cardholder-name.mustache")
        try Self.guide.replacing("VERSION", with: "{{#broken}}").write(to: file, atomically: true, encoding: .utf8)
        harness.server.reloader?.check()
        let broken = try await harness.get("/s/\(id)")
        #expect(broken.status == 500)
        #expect(broken.body.contains("\(file.path):7:1: error: closing tag {{/fields.cardholderName}} does not match section &#39;broken&#39;"))
        #expect(broken.body.contains("error: "))
        #expect(broken.body.contains("dev-reload"))
        // The server itself stays up.
        #expect(try await harness.get("/healthz").status == 200)
        try Self.guide.replacing("VERSION", with: "fixed").write(to: file, atomically: true, encoding: .utf8)
        harness.server.reloader?.check()
        let fixed = try await harness.get("/s/\(id)")
        #expect(fixed.status == 200 && fixed.body.contains("designer-mark\">fixed<"))
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
