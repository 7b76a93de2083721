import Foundation

/// A set of files by relative path (`blocks/cvv.mustache`, `icons/visa.svg`): the defaults built into
/// the binary (`FileLayer.embedded`, in the app), or a designer's folder that shadows them file by file.
public struct FileLayer: Sendable, Equatable {
    public var files: [String: [UInt8]]

    public init(files: [String: [UInt8]] = [:]) {
        self.files = files
    }

    /// Every file under `directory` (hidden files and folders skipped), bounded so that pointing the
    /// server at the wrong folder fails clearly instead of reading a disk into memory.
    public static func load(directory: URL, maxFiles: Int = 2_000, maxFileBytes: Int = 2 << 20) throws(FileLayerError) -> FileLayer {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw FileLayerError(code: .notADirectory, path: directory.path)
        }
        let root = directory.standardizedFileURL.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(
            at: URL(fileURLWithPath: root), includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey],
            options: [.skipsHiddenFiles]
        ) else { throw FileLayerError(code: .unreadable, path: directory.path) }
        var files: [String: [UInt8]] = [:]
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values?.isRegularFile == true else { continue }
            guard files.count < maxFiles else { throw FileLayerError(code: .tooManyFiles, path: directory.path) }
            guard (values?.fileSize ?? 0) <= maxFileBytes else { throw FileLayerError(code: .fileTooLarge, path: url.path) }
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw FileLayerError(code: .unreadable, path: url.path)
            }
            let full = url.standardizedFileURL.resolvingSymlinksInPath().path
            guard full.hasPrefix(root + "/") else { continue }
            files[String(full.dropFirst(root.count + 1))] = Array(data)
        }
        return FileLayer(files: files)
    }

    /// This layer with `overlay`'s files shadowing its own.
    public func overlaid(with overlay: FileLayer) -> FileLayer {
        FileLayer(files: files.merging(overlay.files) { _, new in new })
    }
}

/// Why a folder of templates or assets could not be read.
public struct FileLayerError: Error, Equatable, CustomStringConvertible {
    public enum Code: String, Sendable { case notADirectory = "not-a-directory", unreadable, tooManyFiles = "too-many-files", fileTooLarge = "file-too-large" }
    public var code: Code
    public var path: String

    public init(code: Code, path: String) {
        self.code = code
        self.path = path
    }

    public var description: String {
        switch code {
        case .notADirectory: "\(path): not a directory"
        case .unreadable: "\(path): cannot be read"
        case .tooManyFiles: "\(path): more than 2000 files"
        case .fileTooLarge: "\(path): larger than 2 MB"
        }
    }
}
