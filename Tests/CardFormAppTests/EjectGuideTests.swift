import Foundation
import Testing
@testable import CardFormApp

/// The designer's guide (`Templates/README.md`, ejected as `templates/README.md`) stays true: its
/// examples pass `cardform check`, and it names every theme variable and command there is.
struct EjectGuideTests {
    static let guide: String? = {
        let url = URL(fileURLWithPath: LintRun.templatesFolder).appendingPathComponent("README.md")
        return FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) }
    }()

    /// The ```mustache blocks of the guide, in order.
    static var examples: [String] {
        guard let guide else { return [] }
        return guide.components(separatedBy: "```mustache\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
    }

    @Test("gives recomposition examples that cardform check finds clean")
    func examplesAreClean() throws {
        #expect(Self.examples.count == 2)
        for example in Self.examples {
            let result = try LintRun.check(["form.mustache": example])
            #expect(result.output == "no problems\n", "\(example)")
        }
    }

    @Test("names every theme variable a session's appearance may set")
    func namesEveryThemeVariable() throws {
        let guide = try #require(Self.guide)
        for variable in ThemeStylesheet.variables.sorted() {
            #expect(guide.contains("`\(variable)`"), "\(variable) is documented")
        }
    }

    @Test("shows every command with an example")
    func showsEveryCommand() throws {
        let guide = try #require(Self.guide)
        for command in CardFormCLI.commands.map({ $0.name }) {
            #expect(guide.contains("cardform \(command) "), "cardform \(command) is shown")
        }
    }
}
