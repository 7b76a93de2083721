import Foundation
@testable import CardFormApp

/// `eject`, `gallery` or `build` run in-process: the exit status and what it printed, with the
/// output folder shown as `DIR` so printed text can be compared with golden strings.
struct SiteRun: Sendable {
    var status: Int32
    var output: String
    var errors: String

    init(_ words: [String], showing folder: String? = nil) {
        let capture = LintCapture()
        status = CardFormCLI.run(words, output: capture)
        let shown = { (text: String) in folder.map { text.replacingOccurrences(of: $0, with: "DIR") } ?? text }
        output = shown(capture.output)
        errors = shown(capture.errors)
    }

    /// The paths printed as `wrote <path>`, in order.
    var written: [String] {
        output.split(separator: "\n").compactMap { $0.hasPrefix("wrote ") ? String($0.dropFirst(6)) : nil }
    }
}

extension TemporaryFolder {
    /// Every file under the folder, as sorted paths relative to it.
    var files: [String] {
        let root = url.standardizedFileURL.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        for case let path as String in walker {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// The text of the file at `relative`, or nil when there is none.
    func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of the file at `relative`, or nil when there is none.
    func bytes(_ relative: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path(relative)).map(Array.init)
    }
}

/// Pieces of HTML the tests look into.
enum HTMLPieces {
    /// Every `src="…"` and `href="…"` value, in order.
    static func links(in html: String) -> [String] {
        var links: [String] = []
        for attribute in ["src=\"", "href=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let value = rest[start.upperBound...].prefix { $0 != "\"" }
                links.append(String(value))
                rest = rest[start.upperBound...]
            }
        }
        return links
    }
}

/// Runs CPU-heavy synchronous work (rendering every gallery state, a whole command) on a thread
/// of its own, not on Swift's cooperative pool nor on GCD's global queues: both are one thread per
/// core serving jobs first in, first out, so seconds of work there would hold up every job queued
/// behind it, while the kernel shares the cores fairly between threads. Only values come back:
/// expectations are made by the caller.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}
