import CardFormSupport
import Foundation

extension FileLayer {
    /// The defaults embedded at build time under `folder` ("Templates" or "Public").
    static func embedded(_ folder: String) -> FileLayer {
        let prefix = folder + "/"
        var files: [String: [UInt8]] = [:]
        for entry in EmbeddedResources.files where entry.path.hasPrefix(prefix) {
            files[String(entry.path.dropFirst(prefix.count))] = Array(Data(base64Encoded: entry.base64) ?? Data())
        }
        return FileLayer(files: files)
    }
}
