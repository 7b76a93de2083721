import Foundation
import Testing

/// Every committed corpus input runs through its fuzz target once, so that the seeds and every
/// input a fuzzer once crashed on keep passing without running a fuzzer (`make fuzz` does that).
@Suite struct FuzzCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    @Test("each target runs its whole committed corpus", arguments: FuzzTarget.allCases)
    func corpusRuns(_ target: FuzzTarget) throws {
        let folder = Self.corpus.appendingPathComponent(target.rawValue)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        #expect(files.count >= 3, "a seed corpus for \(target) is committed in \(folder.path)")
        for file in files {
            try Data(contentsOf: file).withUnsafeBytes { target.run($0) }
        }
    }
}
