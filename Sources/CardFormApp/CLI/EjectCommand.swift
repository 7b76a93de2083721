import Foundation

/// `cardform eject --out DIR` (CONTRACT §1): copies the default templates, locales and assets out
/// of the binary as a starting point for a designer, with a short guide.
enum EjectCommand: Command {
    static let name = "eject"
    static let summary = "copy the default templates, locales and assets into DIR to start a theme"
    static let help = """
        usage: cardform eject --out DIR [--force]

        Copies the templates, locales and assets built into cardform into DIR:

          DIR/templates/   every *.mustache, locales/<lang>.json and the designer's guide (README.md)
          DIR/public/      cardform.css, the icons and the scripts
          DIR/README.md    how to serve, check and trim the copy

        Then: cardform serve --templates DIR/templates --public DIR/public --dev

        options:
          --out DIR    the folder to write (created when missing)
          --force      overwrite files already in DIR (without it, nothing is written if any exists)

        exit status: 0 written; 1 DIR already holds one of the files (without --force) or cannot be
        written; 2 a usage mistake.

        """
    static let spec = Arguments.Spec(valued: ["out"], booleans: ["force"])

    static func run(_ arguments: Arguments, output: CommandOutput) throws(CLIError) -> Int32 {
        guard let folder = arguments["out"] else { throw .usage("missing --out DIR (the folder to copy the defaults into)") }
        let plan = EjectPlan.defaults(shownAs: folder)
        var writer = SiteWriter(root: URL(fileURLWithPath: folder), output: output)
        let existing = writer.existing(plan.files.map(\.path))
        if let first = existing.first, !arguments.has("force") {
            let others = existing.count > 1 ? " and \(existing.count - 1) more" : ""
            throw .failure("\(folder) already holds \(first)\(others); nothing written (use --force to overwrite)")
        }
        do {
            for file in plan.files { try writer.write(file.bytes, to: file.path) }
        } catch {
            throw error.cliError
        }
        output.write("ejected \(writer.count) files into \(folder)\n")
        output.write("next: cardform serve --templates \(folder)/templates --public \(folder)/public --dev\n")
        return 0
    }
}
