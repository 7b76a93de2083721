/// `cardform render NAME --templates DIR [--data FILE.json]` (CONTRACT §1).
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render one template with JSON data to stdout, exactly as the Mustache spec says"
    static let help = "usage: cardform render NAME --templates DIR [--data FILE.json]\n"
    static let spec = Arguments.Spec(valued: ["templates", "data"], maxPositionals: 1)

    static func run(_ arguments: Arguments, output: CommandOutput) throws(CLIError) -> Int32 {
        throw .failure("not built yet")
    }
}
