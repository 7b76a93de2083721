import Foundation
import PackagePlugin

/// Embeds the default `Templates/` and `Public/` into the CardFormApp module, so that `cardform` is
/// one binary: the defaults travel inside it and `--templates`/`--public` overlay them.
///
/// The command's inputs are the folders themselves (paths ending in `/`), never a list of files:
/// SwiftPM does not re-run a plugin on every build, so a file list would go stale and a deleted
/// template would then fail the build. A folder input notices files added or removed; an edit to an
/// existing file is picked up by `make embed` (run by `make run`/`test`/`build`), which reruns the
/// script on the generated file. A test compares the embedded copy with the folders on disk.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = ["Templates", "Public"].map { root.appending(path: $0) }
        let script = root.appending(path: "scripts/embed-resources.sh")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding Templates/ and Public/",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, output.path] + folders.map(\.path),
                inputFiles: [script] + folders.flatMap(Self.directories).map { URL(fileURLWithPath: $0.path + "/") },
                outputFiles: [output]
            ),
        ]
    }

    /// The folder and every folder below it.
    static func directories(under folder: URL) -> [URL] {
        var result = [folder]
        if let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) {
            for case let url as URL in walker where url.hasDirectoryPath { result.append(url) }
        }
        return result.sorted { $0.path < $1.path }
    }
}
