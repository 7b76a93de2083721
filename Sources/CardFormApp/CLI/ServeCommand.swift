import HTTPServer

/// `cardform serve` (CONTRACT §1).
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "run the server"
    static let help = "usage: cardform serve [--port 8080] [--host 127.0.0.1] [--templates DIR] [--public DIR] [--config FILE] [--dev]\n"
    static let spec = Arguments.Spec(valued: ["port", "host", "templates", "public", "config"], booleans: ["dev"])

    static func run(_ arguments: Arguments, output: CommandOutput) throws(CLIError) -> Int32 {
        var configuration = Daemon.Configuration()
        configuration.port = try port(arguments["port"])
        configuration.host = arguments["host"] ?? configuration.host
        let daemon: Daemon
        do {
            daemon = try Daemon(responder: CardFormResponder(), configuration: configuration)
        } catch where error.code == .invalidHost {
            throw .usage("--host: \(error.message)")
        } catch {
            throw .failure("cannot listen: \(error.message)")
        }
        daemon.runUntilSignalled {
            output.write("cardform listening on http://\(daemon.host):\(daemon.port)\n")
        }
        return 0
    }

    /// `--port`: a number in 0...65535 (0 lets the system choose), 8080 when absent.
    private static func port(_ text: String?) throws(CLIError) -> Int {
        guard let text else { return 8080 }
        guard let port = Int(text), (0...65535).contains(port) else {
            throw .usage("--port must be a number from 0 to 65535, not '\(text)'")
        }
        return port
    }
}
