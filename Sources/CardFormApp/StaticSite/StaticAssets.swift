import Foundation
import Mustache

/// What `gallery` and `build` share: loading the templates and assets a designer points at, and
/// writing every asset under its content-hashed name.
enum StaticAssets {
    /// The defaults overlaid with `--templates` and `--public`, compiled as `serve` compiles them.
    static func resources(templates: String?, public publicFolder: String?) throws(StaticSiteError) -> FormResources {
        let sources = FormResources.Sources(
            templatesOverlay: templates.map { URL(fileURLWithPath: $0) },
            publicOverlay: publicFolder.map { URL(fileURLWithPath: $0) })
        do {
            return try FormResources.load(sources)
        } catch {
            throw StaticSiteError(.resources, "cannot load templates and assets:\n\(error)")
        }
    }

    /// Writes every asset at its hashed URL without the leading slash (`assets/cardform.<hash>.css`,
    /// `assets/icons/visa.<hash>.svg`), in path order; returns logical path → written path.
    static func write(_ assets: AssetStore, with writer: inout SiteWriter) throws(StaticSiteError) -> [String: String] {
        var written: [String: String] = [:]
        for path in assets.byPath.keys.sorted() {
            let asset = assets.byPath[path]!
            let target = String(asset.url.dropFirst())
            try writer.write(asset.bytes, to: target)
            written[path] = target
        }
        return written
    }
}

extension TemplateValue {
    /// This value with every asset URL (`/assets/…`, as the server writes them) moved under `base`:
    /// `assets/…` for a page opened from disk next to its `assets` folder.
    func rebasingAssets(onto base: String) -> TemplateValue {
        switch self {
        case .string(let text) where text.hasPrefix("/assets/"):
            .string(base + text.dropFirst("/assets/".count))
        case .list(let items):
            .list(items.map { $0.rebasingAssets(onto: base) })
        case .object(let members):
            .object(members.mapValues { $0.rebasingAssets(onto: base) })
        default:
            self
        }
    }
}
