import CardFormSupport
import Mustache

/// Locale strings: every language has what English has, a designer's keys are ones something
/// reads, and every `{{t.…}}` a template uses names a string.
extension TemplateLinter {
    func localeProblems() -> [LintDiagnostic] {
        let english = englishStrings
        guard !english.isEmpty else { return [] }
        var problems: [LintDiagnostic] = []
        let used = usedLocaleKeys()
        let shipped = localeSet.defaultEnglishKeys
        // A designer's English key that is neither cardform's nor used is reported as a typo below,
        // not again as missing from every other language.
        let expected = english.keys.filter { shipped.contains($0) || used.contains($0) }
        for language in localeSet.languages.keys.sorted() where language != "en" {
            guard let top = localeSet.languages[language]?.last else { continue }
            let strings = localeSet.strings(language)
            let missing = expected.filter { strings[$0] == nil }.sorted()
            guard !missing.isEmpty else { continue }
            // cardform's own strings make a language complete (an error); strings the designer
            // added to English may fall back to it (a warning).
            let (own, added) = (missing.filter { shipped.contains($0) }, missing.filter { !shipped.contains($0) })
            let end = top.file.bytes.lastIndex(of: UInt8(ascii: "}")) ?? 0
            for (keys, severity) in [(own, LintDiagnostic.Severity.error), (added, .warning)] where !keys.isEmpty {
                let count = keys.count == 1 ? "1 key that English has, so pages in that language show it"
                    : "\(keys.count) keys that English has, so pages in that language show them"
                problems.append(top.file.diagnostic(
                    severity, .missingLocaleKeys,
                    "'\(localeSet.displayName(language))' lacks \(count) in English: " + keys.joined(separator: ", "),
                    at: end))
            }
        }
        for (language, files) in localeSet.languages {
            for locale in files where locale.file.isOverlay {
                for (key, offset) in locale.keys {
                    if language == "en" {
                        guard !shipped.contains(key), !used.contains(key) else { continue }
                        problems.append(locale.file.diagnostic(
                            .warning, .extraLocaleKey,
                            "'\(key)' is not one of cardform's strings and no template uses {{t.\(key)}} "
                                + Self.typo(key, among: shipped),
                            at: offset))
                    } else if english[key] == nil {
                        problems.append(locale.file.diagnostic(
                            .warning, .extraLocaleKey,
                            "English has no string '\(key)', so nothing shows it " + Self.typo(key, among: english.keys),
                            at: offset))
                    }
                }
            }
        }
        return problems
    }

    /// `{{t.ui.pya}}` renders nothing: English (the fallback of every language) has no such string.
    /// A section may name a group of strings (`{{#t.label}}`).
    func localeKeyProblems(in template: Template, file: LintFile) -> [LintDiagnostic] {
        let english = englishStrings
        guard !english.isEmpty else { return [] }
        var problems: [LintDiagnostic] = []
        template.nodes.walk { node in
            guard let (path, location, isSection) = Self.localePath(node) else { return }
            let key = path.joined(separator: ".")
            if english[key] != nil { return }
            if isSection, english.keys.contains(where: { $0.hasPrefix(key + ".") }) { return }
            problems.append(file.diagnostic(
                .warning, .unknownLocaleKey,
                "{{t.\(key)}} names no string in locales/en.json, so it renders as nothing"
                    + NameSuggestion.hint(for: key, among: english.keys, prefix: "t."),
                at: location.offset))
        }
        return problems
    }

    /// `(a typo of 'ui.pay'?)`, or `(a typo?)` when no key is close.
    private static func typo(_ key: String, among keys: some Sequence<String>) -> String {
        NameSuggestion.closest(to: key, among: keys).map { "(a typo of '\($0)'?)" } ?? "(a typo?)"
    }

    /// Every locale key a template reads, and each group a section reads.
    private func usedLocaleKeys() -> Set<String> {
        var keys: Set<String> = []
        for name in library.names {
            library[name]?.nodes.walk { node in
                if let (path, _, _) = Self.localePath(node) { keys.insert(path.joined(separator: ".")) }
            }
        }
        return keys
    }

    /// For `{{t.ui.pay}}` or `{{#t.ui}}`: the key after `t`, where it is, and whether a section reads it.
    private static func localePath(_ node: TemplateNode) -> (keys: [String], location: SourceLocation, isSection: Bool)? {
        let path: ValuePath
        let location: SourceLocation
        var isSection = false
        switch node {
        case .variable(let variable):
            (path, location) = (variable.path, variable.location)
        case .section(let section), .invertedSection(let section):
            (path, location, isSection) = (section.path, section.location, true)
        default:
            return nil
        }
        guard path.keys.count >= 2, path.keys[0] == "t" else { return nil }
        return (Array(path.keys.dropFirst()), location, isSection)
    }
}
