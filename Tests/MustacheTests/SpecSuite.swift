import Foundation
import Mustache
import Testing

/// One test of the official Mustache spec.
struct SpecCase: Sendable, CustomTestStringConvertible {
    /// The name the test's own template gets in the library; no spec partial uses it.
    static let templateName = "spec-test-template"

    var file: String
    var name: String
    var template: String
    var partials: [String: String]
    var data: TemplateValue
    var expected: String

    var testDescription: String { "\(file): \(name)" }
}

/// Reads the spec's JSON files from the shared folder beside the repository.
enum SpecSuite {
    /// `<repo>/../shared/mustache-spec`, or `/work/shared/mustache-spec`; nil when neither exists.
    static let directory: URL? = {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [
            repository.deletingLastPathComponent().appendingPathComponent("shared/mustache-spec"),
            URL(fileURLWithPath: "/work/shared/mustache-spec"),
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }()

    static let cases: [SpecCase] = {
        guard let directory,
              let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return files.filter { $0.hasSuffix(".json") }.sorted().flatMap { file in
            load(directory.appendingPathComponent(file), file: file)
        }
    }()

    private struct File: Decodable {
        struct Test: Decodable {
            var name: String
            var template: String
            var partials: [String: String]?
            var data: TemplateValue
            var expected: String
        }
        var tests: [Test]
    }

    private static func load(_ url: URL, file: String) -> [SpecCase] {
        guard let data = try? Data(contentsOf: url),
              let decoded = try? JSONDecoder().decode(File.self, from: data)
        else { return [] }
        return decoded.tests.map {
            SpecCase(file: file, name: $0.name, template: $0.template, partials: $0.partials ?? [:],
                     data: $0.data, expected: $0.expected)
        }
    }
}
