import CardEngine
import Foundation
import Testing

/// Test sessions: a fixed clock (June 2026), the shipped locale files, the built-in BIN table.
enum Fixtures {
    static let today = YearMonth(year: 2026, month: 6)

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The shipped catalog of `language`, layered over English.
    static func catalog(_ language: String) -> MessageCatalog {
        let url = { (name: String) in repositoryRoot.appendingPathComponent("Templates/locales/\(name).json") }
        let layers = [url("en"), url(language)].compactMap { try? Data(contentsOf: $0) }
        return (try? MessageCatalog(layers: layers)) ?? MessageCatalog()
    }

    /// Every shipped language's catalog (each file of `Templates/locales/`).
    static let catalogs = MessageCatalogs(Dictionary(uniqueKeysWithValues: MessageCatalogTests.languages.map { ($0, catalog($0)) }))

    static func environment(year: Int = 2026, month: Int = 6) -> SessionEnvironment {
        SessionEnvironment(binLookup: BINTable.default, clock: .fixed(year: year, month: month), catalogs: catalogs)
    }

    static func session(_ json: String = "{}", year: Int = 2026, month: Int = 6) throws -> CardSession {
        let configuration = try SessionConfiguration.parse(Array(json.utf8))
        return CardSession(id: "cs_test", configuration: configuration, environment: environment(year: year, month: month))
    }
}

/// The environment of `Fixtures.session()`'s sessions (June 2026), handed to their events.
let environment = Fixtures.environment()
