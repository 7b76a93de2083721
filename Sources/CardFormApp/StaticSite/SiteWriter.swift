import Foundation

/// Writes a command's files under one output folder and prints each path as it lands, so a long
/// build shows its progress and a designer sees exactly what appeared on disk.
struct SiteWriter {
    let root: URL
    let output: CommandOutput
    /// How many files were written so far (for the closing summary).
    private(set) var count = 0

    /// A writer into `root`; the folder (and its parents) is created with the first file.
    init(root: URL, output: CommandOutput) {
        self.root = root.standardizedFileURL
        self.output = output
    }

    /// Which of `paths` (relative to the folder) already exist.
    func existing(_ paths: [String]) -> [String] {
        paths.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }

    /// Writes `bytes` at `relative` (folders created as needed), replacing any file there, and
    /// prints `wrote <relative>`.
    mutating func write(_ bytes: [UInt8], to relative: String) throws(StaticSiteError) {
        let file = try url(for: relative)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        } catch {
            throw StaticSiteError(.unwritable, "cannot write \(file.path)")
        }
        count += 1
        output.write("wrote \(relative)\n")
    }

    mutating func write(_ text: String, to relative: String) throws(StaticSiteError) {
        try write(Array(text.utf8), to: relative)
    }

    /// `relative` under the folder; a path that is absolute, empty or climbs out (`..`) is refused,
    /// since names may come from a designer's folder.
    private func url(for relative: String) throws(StaticSiteError) -> URL {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw StaticSiteError(.unsafePath, "refusing to write outside the output folder: \(relative)")
        }
        return root.appendingPathComponent(relative)
    }
}
