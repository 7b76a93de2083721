import CardFormSupport
import Foundation

/// A cheap summary of a folder tree (every file's path, size and modification time), compared
/// between polls to notice a save, a new file or a deleted one.
enum FolderFingerprint {
    static func of(_ folders: [URL]) -> UInt64 {
        var hasher = FNV1a()
        for folder in folders {
            guard let walker = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey],
                options: [.skipsHiddenFiles]
            ) else { continue }
            var entries: [String] = []
            for case let url as URL in walker {
                guard let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]),
                      values.isRegularFile == true else { continue }
                let modified = values.contentModificationDate?.timeIntervalSinceReferenceDate ?? 0
                entries.append("\(url.path)|\(values.fileSize ?? 0)|\(modified)")
            }
            for entry in entries.sorted() { hasher.combine(entry.utf8) }
        }
        return hasher.value
    }
}
