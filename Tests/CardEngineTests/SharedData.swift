import CardEngine
import Foundation
import Testing

/// Reads the team's shared test data (`/work/shared`): peer vectors and test cards.
///
/// The repository root is three levels above this file; the shared folder is its sibling, or
/// `/work/shared` when the worktree lives elsewhere.
enum SharedData {
    static let directory: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [root.deletingLastPathComponent().appendingPathComponent("shared"), URL(fileURLWithPath: "/work/shared")]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("peer-vectors").path) }
    }()

    /// The bytes of `relativePath` under the shared folder, or nil (with a recorded issue saying so).
    static func data(_ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation) -> Data? {
        guard let directory, let data = try? Data(contentsOf: directory.appendingPathComponent(relativePath)) else {
            Issue.record("shared data \(relativePath) is missing: these vectors did not run", sourceLocation: sourceLocation)
            return nil
        }
        return data
    }
}

/// The published test cards of `test-cards.md`.
enum TestCards {
    struct Card: CustomTestStringConvertible, Sendable {
        var number: String
        var networks: [CardNetwork]
        var testDescription: String { "\(number) \(networks.map(\.rawValue).joined(separator: "+"))" }
    }

    /// Rows of the markdown tables whose first cell is a card number, under `heading`.
    static func rows(under heading: String) -> [Card] {
        guard let data = SharedData.data("test-cards.md") else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        guard let start = text.range(of: "## \(heading)") else {
            Issue.record("test-cards.md has no section \(heading)")
            return []
        }
        var cards: [Card] = []
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let number = cells[0].filter(\.isNumber)
            guard number.count >= 12 else { continue }
            let names = cells[1].split(separator: "+").map { $0.split(separator: " ").first.map(String.init) ?? "" }
            cards.append(Card(number: number, networks: names.compactMap(CardNetwork.init(rawValue:))))
        }
        return cards
    }

    static let coBadged = rows(under: "Co-badged")
    static let singleNetwork = rows(under: "Single network")
}
