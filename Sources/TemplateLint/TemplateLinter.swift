import CardFormSupport
import Mustache

/// What `cardform check` does: lints the default templates and locales overlaid with a designer's
/// folder and returns every problem found, sorted by file and position.
///
/// The checks, each in its own extension:
/// - template errors: every `TemplateError` the compiler reports (and any a render check meets);
/// - references: partials and parents that name no template, slots a parent does not declare, a
///   recomposed `cardDetails` without (or with two) co-badge selectors, designer templates nothing uses;
/// - HTML context: interpolations where HTML escaping does not protect the page (`HTMLContextLint`);
/// - hooks: the blocks rendered with sample data keep what scripts and assistive tech rely on;
/// - locales: keys missing against English, keys English does not have, `{{t.…}}` keys that exist nowhere,
///   placeholders and plural forms a translation lost.
public struct TemplateLinter {
    /// The templates that compiled.
    let library: TemplateLibrary
    /// Every template's file by library name, including those that failed to compile.
    let files: [String: LintFile]
    /// Templates that failed to read or compile: they are reported once, as template errors, and the
    /// checks that would need them are skipped rather than reporting what follows from that.
    let broken: Set<String>
    /// The names of the templates cardform ships.
    let defaultNames: Set<String>
    /// Locale files by language, defaults first, then the designer's.
    let localeSet: LocaleSet
    /// English after the designer's overrides: what `{{t.…}}` reads on an English page, and the
    /// keys every other language should have.
    let englishStrings: [String: String]
    /// The data blocks are rendered with for the hook checks.
    let samples: LintSamples

    /// Lints `defaults` (the built-in `Templates/` folder) overlaid with `overlay`, whose files are
    /// shown under `overlayRoot` (the folder as the designer typed it), rendering blocks with
    /// `samples` for the hook checks.
    public static func check(
        defaults: FileLayer, overlay: FileLayer = FileLayer(), overlayRoot: String = "", samples: LintSamples
    ) -> [LintDiagnostic] {
        var diagnostics: [LintDiagnostic] = []
        let root = overlayRoot.hasSuffix("/") ? String(overlayRoot.dropLast()) : overlayRoot
        let layers = [
            Layer(files: defaults, root: "Templates", isOverlay: false),
            Layer(files: overlay, root: root.isEmpty ? "." : root, isOverlay: true),
        ]
        var sources: [[String: String]] = []
        var files: [String: LintFile] = [:]
        var locales: [String: [LintFile]] = [:]
        for layer in layers {
            let read = layer.read()
            sources.append(read.templates.mapValues(\.text))
            files.merge(read.templates.mapValues(\.file)) { _, top in top }
            // Languages are matched as the server's loader matches them: `pt-br.json` overlays `pt-BR.json`.
            for (language, file) in read.locales { locales[language.lowercased(), default: []].append(file) }
            diagnostics += read.diagnostics
        }
        let (library, errors) = TemplateLibrary.load(sources.map(TemplateSource.templates))
        for error in errors {
            diagnostics.append(Self.diagnostic(for: error, in: files))
        }
        let (localeSet, localeErrors) = LocaleSet.read(locales)
        diagnostics += localeErrors
        let linter = TemplateLinter(
            library: library, files: files, broken: Set(errors.map(\.templateName)),
            defaultNames: Set(sources[0].keys), localeSet: localeSet, englishStrings: localeSet.strings("en"),
            samples: samples)
        diagnostics += linter.run()
        return LintDiagnostic.sorted(diagnostics)
    }

    /// Every check but syntax, which `check` reports while loading.
    private func run() -> [LintDiagnostic] {
        var diagnostics: [LintDiagnostic] = []
        for name in library.names {
            guard let template = library[name], let file = files[name] else { continue }
            diagnostics += referenceProblems(in: template, file: file)
            diagnostics += HTMLContextLint.lint(template.nodes, in: file)
            diagnostics += localeKeyProblems(in: template, file: file)
            diagnostics += blockNameProblems(in: file)
        }
        diagnostics += recompositionProblems()
        diagnostics += unusedTemplates()
        diagnostics += hookProblems()
        diagnostics += localeProblems()
        diagnostics += localeStringProblems()
        return diagnostics
    }

    /// A compiler error as a diagnostic in the file the template came from.
    static func diagnostic(for error: TemplateError, in files: [String: LintFile]) -> LintDiagnostic {
        let path = files[error.templateName]?.path ?? error.displayPath
        return LintDiagnostic(
            severity: .error, code: .template, message: error.message, file: path, line: error.line, column: error.column,
            sourceLine: error.sourceLine)
    }
}

extension TemplateLinter {
    /// One layer of files: the defaults or the designer's folder.
    struct Layer {
        var files: FileLayer
        /// What paths are shown under: `Templates` or the designer's folder.
        var root: String
        var isOverlay: Bool

        struct Read {
            var templates: [String: (file: LintFile, text: String)] = [:]
            var locales: [String: LintFile] = [:]
            var diagnostics: [LintDiagnostic] = []
        }

        /// Templates (`*.mustache`) by library name and locales (`locales/<lang>.json`) by language;
        /// other files (images, notes) are not the linter's business.
        func read() -> Read {
            var read = Read()
            for (relative, bytes) in files.files {
                let isTemplate = relative.hasSuffix(".mustache")
                let language = Self.localeLanguage(relative)
                guard isTemplate || language != nil else { continue }
                let path = root + "/" + relative
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    read.diagnostics.append(LintDiagnostic(
                        severity: .error, code: .unreadableFile, message: "the file is not UTF-8 text", file: path))
                    continue
                }
                let file = LintFile(path: path, text: text, isOverlay: isOverlay)
                if isTemplate {
                    read.templates[String(relative.dropLast(".mustache".count))] = (file, text)
                } else if let language {
                    read.locales[language] = file
                }
            }
            return read
        }

        /// `de` for `locales/de.json`; nil for any other path.
        static func localeLanguage(_ relative: String) -> String? {
            let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == "locales", parts[1].hasSuffix(".json") else { return nil }
            let language = parts[1].dropLast(".json".count)
            return language.isEmpty ? nil : String(language)
        }
    }
}
