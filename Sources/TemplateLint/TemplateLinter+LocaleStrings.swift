import CardEngine

/// A designer's translations keep what the page fills in: the `{name}` placeholders English has,
/// and, for a count (`ui.errorCount`), a plural pattern with every form the language needs.
extension TemplateLinter {
    func localeStringProblems() -> [LintDiagnostic] {
        let english = englishStrings
        var problems: [LintDiagnostic] = []
        for (language, files) in localeSet.languages {
            for locale in files where locale.file.isOverlay {
                for (key, offset) in locale.keys {
                    guard let text = locale.strings[key] else { continue }
                    let problem = Self.stringProblem(
                        text, english: language == "en" ? nil : english[key], language: language, key: key)
                    if let (severity, code, message) = problem {
                        problems.append(locale.file.diagnostic(severity, code, message, at: offset))
                    }
                }
            }
        }
        return problems
    }

    /// What is wrong with `text`, the string for `key` in `language`, against its `english`
    /// original (nil for English itself): the first problem only, the one to fix first.
    private static func stringProblem(
        _ text: String, english: String?, language: String, key: String
    ) -> (LintDiagnostic.Severity, LintDiagnostic.Code, String)? {
        var pattern: PluralPattern?
        if PluralPattern.looksLikePattern(text) {
            do {
                pattern = try PluralPattern(parsing: text)
            } catch {
                return (.error, .invalidPlural, "'\(key)' is not a valid plural pattern: \(error.message)")
            }
        }
        guard let english else { return nil }
        if PluralPattern.looksLikePattern(english), let original = try? PluralPattern(parsing: english) {
            if let problem = pluralProblem(pattern, original: original, language: language, key: key) { return problem }
        }
        let expected = MessageCatalog.placeholders(in: english)
        let written = MessageCatalog.placeholders(in: text)
        if let unknown = written.subtracting(expected).sorted().first {
            let known = expected.isEmpty ? "it takes none" : "it takes " + expected.sorted().map { "{\($0)}" }.joined(separator: ", ")
            return (.error, .unknownPlaceholder, "'\(key)' uses {\(unknown)}, which nothing fills, so the page shows it as written; \(known)")
        }
        if let dropped = expected.subtracting(written).sorted().first {
            return (.warning, .missingPlaceholder, "'\(key)' leaves out {\(dropped)}, which English shows: shoppers in this language do not see it")
        }
        return nil
    }

    /// A count's string must stay a pattern over the same argument with the language's forms.
    private static func pluralProblem(
        _ pattern: PluralPattern?, original: PluralPattern, language: String, key: String
    ) -> (LintDiagnostic.Severity, LintDiagnostic.Code, String)? {
        guard let pattern else {
            return (.warning, .invalidPlural, "'\(key)' is a count in English ({\(original.argument), plural, …}); written plain, it reads the same for every number")
        }
        guard pattern.argument == original.argument else {
            return (.error, .invalidPlural, "'\(key)' counts {\(pattern.argument)}, but the page passes {\(original.argument)}")
        }
        guard PluralRules.isKnown(language) else { return nil }
        let needed = PluralRules(language: language).categories
        let names: (Set<PluralCategory>) -> String = { $0.map(\.rawValue).sorted().joined(separator: ", ") }
        let missing = needed.subtracting(pattern.branches.keys)
        if !missing.isEmpty {
            return (.error, .invalidPlural, "'\(key)' lacks the plural forms '\(language)' needs: \(names(missing)) (it needs \(names(needed)))")
        }
        let unused = Set(pattern.branches.keys).subtracting(needed)
        if !unused.isEmpty {
            return (.warning, .invalidPlural, "'\(key)' has plural forms '\(language)' never uses: \(names(unused))")
        }
        return nil
    }
}
