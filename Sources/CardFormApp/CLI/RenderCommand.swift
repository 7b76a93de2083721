import Foundation
import Mustache

/// `cardform render NAME --templates DIR [--data FILE.json]` (CONTRACT §1): renders one template
/// exactly as the Mustache spec says, for designers and for the spec conformance run.
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render one template with JSON data to stdout, exactly as the Mustache spec says"
    static let help = """
        usage: cardform render NAME --templates DIR [--data FILE.json]

        Renders the template NAME (the file DIR/NAME.mustache; its partials and parents are looked
        up in DIR) with the JSON data in FILE.json and prints the result to stdout, byte for byte as
        the Mustache spec says (no HTML-aware rewriting).

        options:
          --templates DIR    the folder holding NAME.mustache and the templates it includes (required)
          --data FILE.json   the data to render with: any JSON value (default {})

        exit status: 0 rendered; 1 a template error (printed as FILE:LINE:COL: error: MESSAGE) or an
        unreadable data file; 2 a usage mistake.

        """
    static let spec = Arguments.Spec(valued: ["templates", "data"], maxPositionals: 1)

    static func run(_ arguments: Arguments, output: CommandOutput) throws(CLIError) -> Int32 {
        guard let name = arguments.positionals.first else {
            throw .usage("missing the template NAME (usage: cardform render NAME --templates DIR [--data FILE.json])")
        }
        guard let directory = arguments["templates"] else {
            throw .usage("missing --templates DIR (the folder holding \(name).mustache)")
        }
        let data = try readData(arguments["data"])
        let (library, errors) = TemplateLibrary.load([.directory(directory)])
        if let missing = errors.first(where: { $0.code == .directoryNotFound }) {
            throw .failure(missing.message)
        }
        // Every template in DIR compiles first: a broken partial must not quietly render as nothing.
        guard errors.isEmpty else {
            for error in errors { output.writeError(error.description + "\n") }
            return 1
        }
        guard library[name] != nil else {
            throw .failure("no template '\(name)' in '\(directory)' (looked for \(name).mustache)")
        }
        do {
            output.write(try library.render(name, data: data))
        } catch {
            output.writeError(error.description + "\n")
            return 1
        }
        return 0
    }

    /// The data file as a template value; `{}` without `--data`.
    private static func readData(_ path: String?) throws(CLIError) -> TemplateValue {
        guard let path else { return [:] }
        let contents: Data
        do {
            contents = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .failure("cannot read the data file '\(path)'")
        }
        do {
            return try TemplateValue(json: contents)
        } catch {
            throw .failure("the data file '\(path)' is not valid JSON\(reason(contents))")
        }
    }

    /// Why `contents` is not JSON, on one line. `JSONDecoder` only says that it is not; the older
    /// parser says where, so it is asked again on this (rare) path.
    private static func reason(_ contents: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: contents, options: [.fragmentsAllowed])
            return ""
        } catch {
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
            let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
            return line.isEmpty ? "" : ": " + line
        }
    }
}
