import CardEngine

/// The locale files the linter sees, by language: the defaults first, then the designer's, each
/// read as flat dotted keys (nested objects flattened, as `MessageCatalog` reads them) with where
/// each key is written.
struct LocaleSet: Sendable {
    /// One file's strings.
    struct File: Sendable {
        var file: LintFile
        /// Keys in the order written, with the offset of each key's name in the file.
        var keys: [(key: String, offset: Int)]
        var strings: [String: String]
    }

    /// Files by language, in layer order (defaults, then the designer's).
    private(set) var languages: [String: [File]] = [:]

    /// Reads every locale file; a file that is not a JSON object of strings is reported and skipped.
    static func read(_ files: [String: [LintFile]]) -> (LocaleSet, [LintDiagnostic]) {
        var set = LocaleSet()
        var diagnostics: [LintDiagnostic] = []
        for (language, layers) in files {
            for layer in layers {
                if let file = parse(layer, problems: &diagnostics) { set.languages[language, default: []].append(file) }
            }
        }
        return (set, diagnostics)
    }

    /// A language's strings, later layers overriding earlier ones key by key.
    func strings(_ language: String) -> [String: String] {
        (languages[language] ?? []).reduce(into: [:]) { result, file in
            result.merge(file.strings) { _, top in top }
        }
    }

    /// A language as its first file names it (`pt-BR`; languages are keyed lower case).
    func displayName(_ language: String) -> String {
        guard let path = languages[language]?.first?.file.path, let name = path.split(separator: "/").last else { return language }
        return String(name.dropLast(name.hasSuffix(".json") ? ".json".count : 0))
    }

    /// English as cardform ships it, before a designer's overrides.
    var defaultEnglishKeys: Set<String> {
        Set((languages["en"] ?? []).filter { !$0.file.isOverlay }.flatMap(\.strings.keys))
    }

    private static func parse(_ file: LintFile, problems: inout [LintDiagnostic]) -> File? {
        let root: JSONValue
        do {
            root = try JSONValue.parse(file.bytes, maxDepth: 8, maxBytes: 1 << 20, allowingByteOrderMark: true)
        } catch {
            problems.append(file.diagnostic(.error, .invalidLocale, "not valid JSON: \(error.message)", at: error.offset))
            return nil
        }
        guard case .object(let object) = root else {
            problems.append(file.diagnostic(
                .error, .invalidLocale, "a locale file is a JSON object of strings, {\"ui.pay\": \"Pay\", …}", at: 0))
            return nil
        }
        var result = File(file: file, keys: [], strings: [:])
        var cursor = 0
        if let problem = flatten(object, prefix: "", into: &result, cursor: &cursor) {
            problems.append(problem)
            return nil
        }
        return result
    }

    /// Flattens nested objects into dotted keys, finding each key's name in the source after the
    /// previous one (members come in source order).
    private static func flatten(_ object: JSONObject, prefix: String, into result: inout File, cursor: inout Int) -> LintDiagnostic? {
        for (key, value) in object.members {
            let path = prefix.isEmpty ? key : prefix + "." + key
            let offset = keyOffset(key, in: result.file, from: cursor) ?? cursor
            cursor = offset + 1
            switch value {
            case .string(let text):
                result.keys.append((path, offset))
                result.strings[path] = text
            case .object(let nested):
                if let problem = flatten(nested, prefix: path, into: &result, cursor: &cursor) { return problem }
            default:
                return result.file.diagnostic(
                    .error, .invalidLocale, "'\(path)' is \(value.typeName.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(value.typeName); locale values are strings", at: offset)
            }
        }
        return nil
    }

    /// Where `"key"` followed by `:` is written, at or after `from`.
    private static func keyOffset(_ key: String, in file: LintFile, from start: Int) -> Int? {
        var from = start
        while let offset = file.offset(of: "\"\(key)\"", from: from) {
            var next = offset + key.utf8.count + 2
            while next < file.bytes.count, HTMLTokenizer.isSpace(file.bytes[next]) { next += 1 }
            if next < file.bytes.count, file.bytes[next] == UInt8(ascii: ":") { return offset }
            from = offset + 1
        }
        return nil
    }
}
