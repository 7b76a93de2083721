import Foundation
import PackagePlugin

/// Embeds the default `Templates/` and `Public/` into the CardFormApp module at build time, so that
/// `cardform` is one binary: the defaults travel inside it and `--templates`/`--public` overlay them.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let tool = try context.tool(named: "embed-resources")
        let root = context.package.directoryURL
        let folders = ["Templates", "Public"].map { root.appending(path: $0) }
        var files: [URL] = []
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where !url.hasDirectoryPath { files.append(url) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding Templates/ and Public/",
                executable: tool.url,
                arguments: [output.path] + folders.map(\.path),
                inputFiles: folders.map { URL(fileURLWithPath: $0.path + "/") } + files.sorted { $0.path < $1.path },
                outputFiles: [output]
            ),
        ]
    }
}
