import CardEngine
import CardFormSupport
import Foundation
import HTTPServer

/// `cardform serve` (CONTRACT §1): configuration from the file, the environment and the flags;
/// templates and assets compiled once; then the server until SIGINT or SIGTERM.
enum ServeCommand: Command {
    static let name = "serve"
    static let summary = "run the server"
    static let help = """
        usage: cardform serve [--port 8080] [--host 127.0.0.1] [--templates DIR] [--public DIR] [--config FILE] [--dev]

          --port N         port to listen on (0: any free port)             [8080]
          --host ADDR      IPv4 address to bind                             [127.0.0.1]
          --templates DIR  a designer's templates and locales, shadowing the defaults file by file
          --public DIR     a designer's assets, shadowing the defaults file by file
          --config FILE    JSON configuration (default: ./cardform.json when present)
          --dev            the demo page at /, live reload, the template error overlay, and
                           sessions without the secret key from the demo page

        Every configuration key can also come from CARDFORM_<KEY> (e.g. CARDFORM_SECRET_KEY);
        flags win over the environment, which wins over the file. A CARDFORM_ variable or a file
        key that names no setting stops the start.

        """
    static let spec = Arguments.Spec(valued: ["port", "host", "templates", "public", "config"], booleans: ["dev"])

    static func run(_ arguments: Arguments, output: CommandOutput) throws(CLIError) -> Int32 {
        var configuration = try arguments.configuration(
            command: name, flagKeys: ["port", "host", "templates", "public"], output: output)
        configuration.dev = arguments.has("dev")
        guard (configuration.tlsCert == nil) == (configuration.tlsKey == nil) else {
            throw .usage("tls.cert and tls.key go together: set both for HTTPS, or neither")
        }
        let app = try makeApp(configuration)
        let server: CardFormServer
        do {
            server = try CardFormServer(app: app, host: configuration.host, port: configuration.port, sources: sources(configuration))
        } catch where error.code == .invalidHost || error.code == .invalidPort {
            throw .usage("--host/--port: \(error.message)")
        } catch where [.tlsUnavailable, .unreadableTLSFile, .invalidTLSCredentials].contains(error.code) {
            throw .usage("tls: \(error.message)")
        } catch {
            throw .failure("cannot listen on \(configuration.host):\(configuration.port): \(error.message)")
        }
        server.daemon.runUntilSignalled {
            let scheme = configuration.tlsCert == nil ? "http" : "https"
            output.write("cardform listening on \(scheme)://\(server.daemon.host):\(server.port)\(configuration.dev ? " (dev)" : "")\n")
        }
        server.stop()
        OutputBuffer.standard.flush()
        return 0
    }

    static func sources(_ configuration: ServerConfiguration) -> FormResources.Sources {
        FormResources.Sources(
            templatesOverlay: configuration.templates.map { URL(fileURLWithPath: $0) },
            publicOverlay: configuration.publicDirectory.map { URL(fileURLWithPath: $0) })
    }

    /// Templates, assets, locales and the BIN table, compiled once; any problem is exit 1 with
    /// every error printed.
    static func makeApp(_ configuration: ServerConfiguration, logger: Logger = .standard) throws(CLIError) -> AppContext {
        let resources: FormResources
        do {
            resources = try FormResources.load(sources(configuration))
        } catch {
            throw .failure("cannot load templates and assets:\n\(error)")
        }
        var binTable = BINTable.default
        if let path = configuration.binTable {
            guard let data = FileManager.default.contents(atPath: path) else { throw .failure("binTable: cannot read \(path)") }
            do {
                binTable = binTable.overlaid(by: try BINTable(csv: data))
            } catch {
                throw .failure("binTable: \(path): \(error)")
            }
        }
        _ = Countries.all  // pay the country data's first-use cost now, not on a shopper's keystroke
        do {
            return try AppContext(configuration: configuration, resources: resources, binLookup: binTable, logger: logger)
        } catch {
            throw .usage(error.description)
        }
    }
}
