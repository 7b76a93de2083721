import CardEngine
import CardFormSupport
import Testing

@testable import CardFormApp

/// What an event reads from `AppContext.loaded`: one whole set, swapped only under `--dev`.
@Suite struct AppContextLoadedTests {
    /// Another set than `LeafRenderingTests.defaults`: its catalogs hold English only.
    static func englishOnly() throws -> FormResources {
        let old = LeafRenderingTests.defaults
        let english = try #require(old.catalogs.byLanguage["en"])
        return FormResources(
            templates: old.templates, assets: old.assets, catalogs: MessageCatalogs(["en": english]), networkIcons: old.networkIcons)
    }

    @Test("under --dev, a set held across a swap stays whole (resources, renderer, catalogs), and the next read is the new set")
    func aHeldSetOutlivesASwap() throws {
        var configuration = ServerConfiguration()
        configuration.dev = true
        let old = LeafRenderingTests.defaults
        let app = try AppContext(configuration: configuration, resources: old, logger: .silent)
        let swap = try #require(app.devResources)
        let new = try Self.englishOnly()
        #expect(new.catalogs != old.catalogs)

        let held = app.loaded
        swap.replace(resources: new)
        #expect(held.resources === old && held.renderer.resources === old)
        #expect(held.environment.catalogs == old.catalogs)

        let next = app.loaded
        #expect(next !== held)
        #expect(next.resources === new && next.renderer.resources === new && next.renderer.dev)
        #expect(next.environment.catalogs == new.catalogs)
        #expect(app.resources === new && app.environment.catalogs == new.catalogs)
    }

    @Test("outside --dev the set loaded at start is the one every read gets, and nothing can swap it")
    func outsideDevTheSetIsFixed() throws {
        let app = try AppContext(configuration: ServerConfiguration(), resources: LeafRenderingTests.defaults, logger: .silent)
        #expect(app.devResources == nil)
        let first = app.loaded
        #expect(app.loaded === first)
        #expect(first.resources === LeafRenderingTests.defaults && !first.renderer.dev)
        #expect(first.environment.catalogs == LeafRenderingTests.defaults.catalogs)
    }
}
