import Foundation

/// Where a library's templates come from. A library is built from layers of sources; a later layer
/// shadows an earlier one template by template (how a designer's folder overlays the defaults).
public enum TemplateSource: Sendable, Hashable {
    /// Every `*.mustache` file under the directory (hidden files and folders skipped), named by its
    /// path relative to the directory without the extension: `blocks/card-number`.
    case directory(String)
    /// Templates given as text, name → source (e.g. defaults compiled into the program).
    case templates([String: String])

    /// The most files one directory may hold, so a wrong `--templates` cannot read a whole disk.
    static let maxFiles = 10_000
    static let fileExtension = ".mustache"

    /// One template's text before compilation.
    struct Entry {
        var source: String
        var path: String?
    }

    /// Reads the layer: its templates by name, and the problems that kept some from being read.
    func read() -> (entries: [String: Entry], errors: [TemplateError]) {
        switch self {
        case .templates(let sources):
            return (sources.mapValues { Entry(source: $0, path: nil) }, [])
        case .directory(let directory):
            return Self.read(directory: directory)
        }
    }

    private static func read(directory: String) -> (entries: [String: Entry], errors: [TemplateError]) {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
              let walker = files.enumerator(atPath: directory)
        else {
            let error = TemplateError(
                code: .directoryNotFound, message: "no template directory at '\(directory)'",
                templateName: "", path: directory)
            return ([:], [error])
        }
        var entries: [String: Entry] = [:]
        var errors: [TemplateError] = []
        var count = 0
        while let relative = walker.nextObject() as? String {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            guard relative.hasSuffix(fileExtension) else { continue }
            let path = directory.hasSuffix("/") ? directory + relative : directory + "/" + relative
            guard files.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            count += 1
            guard count <= maxFiles else {
                errors.append(TemplateError(
                    code: .templateTooLarge, message: "more than \(maxFiles) templates; the rest are not read",
                    templateName: "", path: directory))
                break
            }
            let name = String(relative.dropLast(fileExtension.count))
            switch readFile(path, name: name) {
            case .success(let source): entries[name] = Entry(source: source, path: path)
            case .failure(let error): errors.append(error)
            }
        }
        return (entries, errors)
    }

    private static func readFile(_ path: String, name: String) -> Result<String, TemplateError> {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= Parser.maxSourceSize else {
            return .failure(TemplateError(
                code: .templateTooLarge, message: "template is \(size) bytes; the limit is \(Parser.maxSourceSize)",
                templateName: name, path: path))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(TemplateError(
                code: .unreadableFile, message: "cannot read the file", templateName: name, path: path))
        }
        guard let source = String(validating: data, as: UTF8.self) else {
            return .failure(TemplateError(
                code: .unreadableFile, message: "the file is not UTF-8 text", templateName: name, path: path))
        }
        return .success(source)
    }
}
