import Foundation
import Synchronization
import Testing
@testable import CardFormApp
@testable import TemplateLint

/// One lint rule as a designer meets it: the files of their folder, and everything
/// `cardform check --templates DIR` prints for it (the folder shown as `DIR`).
struct LintCase: Sendable, CustomTestStringConvertible {
    var summary: String
    var files: [String: String]
    var status: Int32
    var expected: String

    init(_ summary: String, files: [String: String], status: Int32, expected: String) {
        self.summary = summary
        self.files = files
        self.status = status
        self.expected = expected
    }

    var testDescription: String { summary }

    /// A `blocks/cvv` that passes every check: most cases break one thing in it.
    static let workingCVV = """
        {{#fields.cvv}}
        <div class="cf-field" data-cf-block="cvv">
        <label class="cf-label" for="{{id}}">{{label}}</label>
        <input class="cf-input" id="{{id}}" name="{{name}}" type="password" value=""
          aria-invalid="{{ariaInvalid}}" aria-describedby="{{describedBy}}"{{#required}} required{{/required}}>
        <p class="cf-error" id="{{errorId}}">{{error}}</p>
        </div>
        {{/fields.cvv}}

        """

    /// `workingCVV` with the one thing a case breaks; `old` must occur exactly once in it.
    static func cvv(replacing old: String, with new: String) -> String {
        precondition(workingCVV.components(separatedBy: old).count == 2, "'\(old)' is not in the working block exactly once")
        return workingCVV.replacingOccurrences(of: old, with: new)
    }
}

/// What a command printed, captured in memory.
final class LintCapture: CommandOutput {
    private let streams = Mutex<(output: String, errors: String)>(("", ""))

    func write(_ text: String) { streams.withLock { $0.output += text } }
    func writeError(_ text: String) { streams.withLock { $0.errors += text } }

    var output: String { streams.withLock { $0.output } }
    var errors: String { streams.withLock { $0.errors } }
}

enum LintRun {
    struct Result: Sendable {
        var status: Int32
        var output: String
        var errors: String
    }

    /// `check(_:)` on a GCD thread (see `offThePool`): a lint renders dozens of blocks.
    static func checkOffThePool(_ files: [String: String]) async throws -> Result {
        try await offThePool { Swift.Result { try check(files) } }.get()
    }

    /// Runs `cardform check` in-process over a fresh folder holding `files`.
    static func check(_ files: [String: String]) throws -> Result {
        let folder = try TemporaryFolder()
        for (path, text) in files { try folder.write(text, to: "theme/\(path)") }
        return check(["--templates", folder.path("theme")], showing: folder.path("theme"), as: "DIR")
    }

    /// Runs `cardform check` in-process with `arguments`; `folder` is printed as `name`.
    static func check(_ arguments: [String], showing folder: String? = nil, as name: String = "DIR") -> Result {
        let capture = LintCapture()
        let status = CardFormCLI.run(["check"] + arguments, output: capture)
        let shown = { (text: String) in folder.map { text.replacingOccurrences(of: $0, with: name) } ?? text }
        return Result(status: status, output: shown(capture.output), errors: shown(capture.errors))
    }

    /// The repository's `Templates/` folder, the defaults as they are on disk.
    static let templatesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Templates").path
}
