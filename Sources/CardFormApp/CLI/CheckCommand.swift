import CardFormSupport
import Foundation
import TemplateLint

/// `cardform check [--templates DIR]` (CONTRACT §1): lints the default templates and locales
/// overlaid with a designer's folder, printing every problem like a compiler.
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "lint the templates and locales (the defaults overlaid with DIR)"
    static let help = """
        usage: cardform check [--templates DIR]

        Checks the default templates and locales overlaid with the files in DIR (the defaults alone
        without --templates) and prints every problem as FILE:LINE:COL: error|warning: MESSAGE, with
        the source line and a caret under the column, then a summary.

        errors:   template syntax; a partial, parent or slot that does not exist; a block that lost a
                  hook scripts and screen readers rely on (data-cf-block, name, id and <label for>,
                  aria-describedby, the form's method, _token and _page, the pay button); a value in
                  an unquoted attribute, a tag, <script>, <style> or an on* attribute; a field's
                  value, label or message written {{{…}}} or {{&…}}; a language lacking any of
                  cardform's strings; a translation with a {placeholder} English lacks, or a count
                  whose plural pattern is broken or lacks a form its language needs.
        warnings: other unescaped values; a recomposed cardDetails slot without blocks/card-network
                  (or with two); locale keys you added to English that a language lacks, or keys
                  nothing uses; a translation that leaves out a placeholder; a {{t.…}} that names no
                  string; a template of yours that nothing includes.

        options:
          --templates DIR    the designer's folder, shadowing the defaults file by file and
                             locales/<lang>.json key by key (names compared without case)

        exit status: 0 no errors (warnings allowed); 1 errors found, or DIR cannot be read; 2 a
        usage mistake.

        """
    static let spec = Arguments.Spec(valued: ["templates"])

    static func run(_ arguments: Arguments, output: CommandOutput) throws(CLIError) -> Int32 {
        var overlay = FileLayer()
        let directory = arguments["templates"]
        if let directory {
            do {
                overlay = try FileLayer.load(directory: URL(fileURLWithPath: directory))
            } catch {
                throw .failure(error.description)
            }
        }
        guard let samples = LintSamples.fromDefaults else { throw .failure("the built-in templates do not load") }
        let diagnostics = TemplateLinter.check(
            defaults: FileLayer.embedded("Templates"), overlay: overlay, overlayRoot: directory ?? "", samples: samples)
        var report = ""
        for diagnostic in diagnostics { report += diagnostic.description + "\n" }
        report += LintDiagnostic.summary(of: diagnostics) + "\n"
        output.write(report)
        return diagnostics.contains { $0.severity == .error } ? 1 : 0
    }
}
