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
