import Foundation
import Testing
@testable import CardFormApp
@testable import CardFormSupport

@Suite struct EmbeddedResourcesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary carries the defaults; this catches a build that embedded an older copy of a file
    /// edited since (the cure is `make embed`, which `make test` and `make run` do first).
    @Test(arguments: ["Templates", "Public"])
    func theBinaryCarriesTheDefaultsAsTheyAreOnDisk(_ folder: String) throws {
        let disk = try FileLayer.load(directory: Self.root.appending(path: folder))
        let embedded = FileLayer.embedded(folder)
        #expect(Set(embedded.files.keys) == Set(disk.files.keys), "run `make embed`: the files differ")
        for (path, bytes) in disk.files where embedded.files[path] != bytes {
            Issue.record("\(folder)/\(path) changed since it was embedded: run `make embed` before building")
        }
    }
}
