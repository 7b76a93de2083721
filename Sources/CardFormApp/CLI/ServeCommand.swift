/// `cardform serve` (CONTRACT §1).
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "run the server"
    static let help = "usage: cardform serve [--port 8080] [--host 127.0.0.1] [--templates DIR] [--public DIR] [--config FILE] [--dev]\n"
    static let spec = Arguments.Spec(valued: ["port", "host", "templates", "public", "config"], booleans: ["dev"])

    static func run(_ arguments: Arguments, output: CommandOutput) throws(CLIError) -> Int32 {
        throw .failure("not built yet")
    }
}
